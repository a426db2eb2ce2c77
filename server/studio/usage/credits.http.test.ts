/**
 * Credits in sight: the workspace's balance and plan come from GET /me's headers; an
 * action the balance cannot pay for in full is refused before anything starts; the
 * month's charges export as CSV.
 */
import crypto from "node:crypto";
import { TRPCError } from "@trpc/server";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/db/client";
import { accounts, creditLedger, generations, usageEntries, workspaces } from "@/db/schema";
import { projects } from "@/db/schema/studio";
import { CREDIT_COSTS, multiviewCost } from "@/shared/credit-costs";
import { studioWithPhotos } from "@/test/fixtures";
import { csvField } from "./export-usage-csv";
import { usageMonth } from "./record-usage";
import { rejectionOf } from "@/test/rejection";
import { useAppStack } from "@/test/app-stack";

useAppStack();
let studio: Awaited<ReturnType<typeof studioWithPhotos>>;

beforeAll(async () => {
  studio = await studioWithPhotos("Cora", 2);
}, 60_000);

async function accountOf(workspaceId: string) {
  const db = await getDb();
  const [row] = await db.select({ id: workspaces.v1AccountId }).from(workspaces).where(eq(workspaces.id, workspaceId));
  return row.id!;
}

async function setBalance(workspaceId: string, balance: number) {
  const db = await getDb();
  await db
    .update(accounts)
    .set({ creditBalance: balance })
    .where(eq(accounts.id, await accountOf(workspaceId)));
}

const refusal = (promise: Promise<unknown>) => rejectionOf(promise, TRPCError);

describe("credits in sight", () => {
  it("reads the balance and plan of the workspace's account from GET /me, current even when the key is cached", async () => {
    const { api, workspaceId } = studio;
    await setBalance(workspaceId, 41);
    expect(await api.usage.quota({ workspaceId })).toMatchObject({ ok: true, creditBalance: 41, plan: "business", usedThisMonth: 0 });
    await setBalance(workspaceId, 40);
    expect(await api.usage.quota({ workspaceId })).toMatchObject({ ok: true, creditBalance: 40 });
  });

  it("refuses a video, a multi-view set and an inpaint→upscale the balance cannot pay in full, before the service sees them", async () => {
    const { api, workspaceId, projectId, photoIds } = studio;
    await setBalance(workspaceId, multiviewCost(2) - 1);

    const video = await refusal(
      api.generations.video({
        workspaceId,
        projectId,
        requestId: crypto.randomUUID(),
        mode: "zoom_in",
        image: { type: "photo", id: photoIds[0] },
      }),
    );
    expect(video.code).toBe("PRECONDITION_FAILED");
    expect(video.message).toBe(
      `This costs ${CREDIT_COSTS.video} credits and the workspace has 6 credits left. An owner can add credits to the workspace's account.`,
    );

    // The service alone would take the anchor's credit and fail the other view later.
    const multiview = await refusal(
      api.generations.multiview({
        workspaceId,
        projectId,
        requestId: crypto.randomUUID(),
        anchorPhotoId: photoIds[0],
        viewPhotoIds: [photoIds[1]],
        roomType: "living_room",
        style: "modern",
      }),
    );
    expect(multiview.message).toMatch(/^This costs 7 credits and the workspace has 6 credits left/);

    await setBalance(workspaceId, 2);
    // Refused before the mask is even read.
    const mask = `data:image/png;base64,${Buffer.from("not a mask").toString("base64")}`;
    const chain = await refusal(
      api.generations.inpaintUpscale({
        workspaceId,
        projectId,
        requestId: crypto.randomUUID(),
        photoId: photoIds[0],
        maskDataUrl: mask,
        inpaintingType: "remove",
      }),
    );
    expect(chain.message).toMatch(/^This costs 3 credits and the workspace has 2 credits left/);

    const db = await getDb();
    expect(await db.select().from(generations).where(eq(generations.workspaceId, workspaceId))).toEqual([]);
    expect(
      (
        await db
          .select()
          .from(creditLedger)
          .where(eq(creditLedger.accountId, await accountOf(workspaceId)))
      ).filter((row) => row.kind === "debit"),
    ).toEqual([]);
  });

  it("lets an action through when the balance covers it exactly", async () => {
    const { api, workspaceId, projectId, photoIds } = studio;
    await setBalance(workspaceId, CREDIT_COSTS.propertyDescription);
    const started = await api.generations.describe({
      workspaceId,
      projectId,
      requestId: crypto.randomUUID(),
      photoIds: [photoIds[0]],
      property: { propertyType: "house" },
    });
    expect(started.id).toEqual(expect.any(String));
  });

  it("exports the month's charges as CSV, one row each, quoted and defused for spreadsheets", async () => {
    const { api, workspaceId, projectId, user } = studio;
    const db = await getDb();
    await db.update(projects).set({ address: '=1+2, Harbour "View"' }).where(eq(projects.id, projectId));
    const month = usageMonth(new Date());
    await db.insert(usageEntries).values([
      {
        workspaceId,
        projectId,
        userId: user.id,
        operation: "video",
        serviceJobId: crypto.randomUUID(),
        credits: CREDIT_COSTS.video,
        quotaUnits: 1,
        month,
      },
      {
        workspaceId,
        projectId,
        userId: null,
        operation: "upscale",
        serviceJobId: "job-2",
        credits: CREDIT_COSTS.upscale,
        quotaUnits: 1,
        month,
      },
      {
        workspaceId,
        projectId,
        userId: user.id,
        operation: "video",
        serviceJobId: "job-old",
        credits: 27,
        quotaUnits: 1,
        month: "2001-01",
      },
    ]);
    const file = await api.usage.exportCsv({ workspaceId, month });
    expect(file.fileName).toBe(`atrium-usage-${month}.csv`);
    const lines = file.csv.trimEnd().split("\r\n");
    expect(lines[0]).toBe("Date (UTC),Month,Member,Project,Operation,Credits,Requests,Service job");
    expect(lines.slice(1).filter((line) => /,(Video|Upscale),/.test(line))).toHaveLength(2);
    expect(lines).toContainEqual(
      expect.stringMatching(
        new RegExp(`^\\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\dZ,${month},Cora,"'=1\\+2, Harbour ""View""",Video,27,1,`),
      ),
    );
    expect(lines).toContainEqual(expect.stringContaining(`,Former member,"'=1+2, Harbour ""View""",Upscale,2,1,job-2`));
    expect(file.csv).not.toContain("job-old");
  });

  it("quotes and defuses CSV fields", () => {
    expect(csvField("plain")).toBe("plain");
    expect(csvField(27)).toBe("27");
    expect(csvField("a,b")).toBe('"a,b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField("@SUM(A1)")).toBe("'@SUM(A1)");
    expect(csvField("-2")).toBe("'-2");
  });
});
