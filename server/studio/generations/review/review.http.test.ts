/**
 * Results the structure check asked a person to look at (D17), end to end in the studio:
 * the service's verdict reaches the result; the listing page refuses to publish it until
 * someone marks it "Looks right" (recorded with who and when, in the audit log); "Redo"
 * makes it again at no cost (no credits, no quota unit, in the audit log). The model
 * double stands for a hosted model: it stages the room onto a floor that reads as another
 * material under new furniture, which the check cannot tell from a rug, so it asks.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/db/client";
import { auditEvents } from "@/db/schema/studio-audit";
import { studioFunctions } from "@/inngest/functions/studio";
import { v1Functions } from "@/inngest/functions/v1";
import { setProvidersForTesting } from "@/server/providers";
import type { RedesignProvider } from "@/server/providers/types";
import { sharp } from "@/server/images/sharp";
import { getBlobStore } from "@/server/storage";
import { projectFields } from "@/test/fixtures";
import { useAppStack } from "@/test/app-stack";
import { newPerson } from "@/test/callers";
import { publishDraft } from "@/test/listing";
import { perspectiveRoom } from "@/test/perspective-room";
import { roomPhoto } from "@/test/images";

useAppStack({ functions: [...v1Functions, ...studioFunctions] });
const glassWall = { box: [0.5, 0.12, 0.95, 0.62] as [number, number, number, number] };
let owner: Awaited<ReturnType<typeof newPerson>>;
let scope: { workspaceId: string; projectId: string };
let roomPhotoId: string, plainPhotoId: string;

/** Stages the perspective room (320 px wide) onto a floor that reads as another; gives the plain photo (300 px wide) back as it was. */
const modelDouble: RedesignProvider = {
  name: "double",
  async redesign(source) {
    const { width } = await sharp(source.bytes).metadata();
    const bytes = width === 320 ? await perspectiveRoom({ windows: [glassWall], floor: "tiles", furniture: true }) : source.bytes;
    return {
      provider: "double",
      statusUrl: "https://models.example/predictions/1",
      model: "double/model",
      outputs: [{ bytes, contentType: "image/jpeg" }],
    };
  },
};

async function upload(fileName: string, bytes: Buffer): Promise<string> {
  const [target] = await owner.api.photos.prepareUploads({
    ...scope,
    files: [{ fileName, contentType: "image/jpeg", bytes: bytes.length }],
  });
  await getBlobStore().put(target.key, bytes, "image/jpeg");
  return (await owner.api.photos.confirmUpload({ ...scope, key: target.key, fileName })).id;
}

async function settled(generationId: string) {
  for (const deadline = Date.now() + 60_000; ;) {
    const generation = (await owner.api.generations.list(scope)).find((g) => g.id === generationId);
    if (generation && generation.status !== "running") return generation;
    if (Date.now() > deadline) throw new Error(`generation ${generationId} still running`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

const stage = (photoId: string) =>
  owner.api.generations.stage({
    ...scope,
    photoId,
    redesignType: "staging",
    roomType: "living_room",
    style: "modern",
    intensity: 0.6,
    fast: true,
  });

beforeAll(async () => {
  setProvidersForTesting({ redesign: modelDouble });
  owner = await newPerson("Rosa");
  const workspaceId = (await owner.api.workspaces.create({ name: "Rosa Realty" })).id;
  scope = { workspaceId, projectId: (await owner.api.projects.create({ workspaceId, fields: projectFields })).id };
  roomPhotoId = await upload("living.jpg", await perspectiveRoom({ windows: [glassWall] }));
  plainPhotoId = await upload("plain.jpg", await roomPhoto(300, 240));
}, 60_000);
afterAll(() => setProvidersForTesting(null));

describe("results the structure check asks about (D17)", () => {
  it("shows the verdict, holds the listing until someone says it looks right, and records who", async () => {
    const staged = await settled((await stage(roomPhotoId)).id);
    const [output] = staged.outputs;
    expect(output.review).toMatchObject({
      verdict: "review",
      summary: expect.stringMatching(/^Check this: .*floor/),
      zones: [expect.objectContaining({ zone: "floor" })],
      lookedRight: null,
    });

    await owner.api.listings.setPicks({ ...scope, picks: [{ outputId: output.id, caption: "Living room" }] });
    expect((await owner.api.listings.show(scope)).picks[0].blockers).toEqual([expect.stringMatching(/asks someone to look at it first/)]);
    await expect(publishDraft(owner.api, scope)).rejects.toThrow(/asks someone to look at it first/);

    await owner.api.generations.looksRight({ ...scope, outputId: output.id });
    await owner.api.generations.looksRight({ ...scope, outputId: output.id });
    const judged = (await owner.api.generations.list(scope)).find((g) => g.id === staged.id)!.outputs[0];
    expect(judged.review?.lookedRight).toMatchObject({ byName: "Rosa", at: expect.any(Date) });
    expect((await owner.api.listings.show(scope)).picks[0].blockers).toEqual([]);
    expect((await publishDraft(owner.api, scope)).version).toMatchObject({ number: 1 });

    const events = await (await getDb()).select().from(auditEvents).where(eq(auditEvents.workspaceId, scope.workspaceId));
    expect(events.filter((event) => event.action === "result_looked_right")).toEqual([
      expect.objectContaining({ target: "living.jpg, variation 1", actorUserId: owner.user.id }),
    ]);
  }, 120_000);

  it("redoes a result at no cost, and refuses to judge one that passed", async () => {
    const staged = await settled((await stage(roomPhotoId)).id);
    const before = await owner.api.usage.quota(scope);
    const { generationId } = await owner.api.generations.redoReview({
      ...scope,
      outputId: staged.outputs[0].id,
      requestId: crypto.randomUUID(),
    });
    const redone = await settled(generationId);
    expect(redone).toMatchObject({
      kind: "staging",
      status: "completed",
      photoId: roomPhotoId,
      params: expect.objectContaining({ reviewRedoOf: staged.outputs[0].id }),
    });
    expect(redone.outputs[0].review?.verdict).toBe("review");
    // Nothing spent: the service counted no quota unit, the studio's ledger none either.
    expect((await owner.api.usage.quota(scope)).usedThisMonth).toBe(before.usedThisMonth);
    const events = await (await getDb()).select().from(auditEvents).where(eq(auditEvents.workspaceId, scope.workspaceId));
    expect(events.filter((event) => event.action === "result_review_redone")).toHaveLength(1);

    const passed = await settled((await stage(plainPhotoId)).id);
    expect(passed.outputs[0].review?.verdict).toBe("pass");
    await expect(owner.api.generations.looksRight({ ...scope, outputId: passed.outputs[0].id })).rejects.toThrow(
      /did not ask anyone to look/,
    );
    await expect(
      owner.api.generations.redoReview({ ...scope, outputId: passed.outputs[0].id, requestId: crypto.randomUUID() }),
    ).rejects.toThrow(/did not ask anyone to look/);
  }, 120_000);
});
