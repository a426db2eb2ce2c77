/**
 * Security H1: only a confirmed person, in a workspace on a plan, spends quota or credits;
 * a person has at most three free workspaces. (Before plans existed every workspace was a
 * Business account with 10,000 units a month, whoever made it and however many.)
 */
import crypto from "node:crypto";
import { TRPCError } from "@trpc/server";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { closeDb, getDb } from "@/db/client";
import { accounts, users, workspaces } from "@/db/schema";
import { codeOf, newPerson } from "@/test/callers";
import { startAppServer, type AppServer } from "@/test/app-server";
import { rejectionOf } from "@/test/rejection";
import { FREE_WORKSPACE_LIMIT_MESSAGE, FREE_WORKSPACES_PER_PERSON, PLAN_TABLE } from "@/shared/plans";
import { studioWithPhotos } from "@/test/fixtures";

vi.hoisted(() => {
  // The deployment default (test/setup-env.ts starts other files on business, as `npm run dev` does).
  process.env.STUDIO_SIGNUP_PLAN = "free";
});

let app: AppServer;

beforeAll(async () => {
  app = await startAppServer();
}, 60_000);

afterAll(async () => {
  await app?.close();
  await closeDb();
});

async function accountOf(workspaceId: string) {
  const db = await getDb();
  const [row] = await db
    .select({ plan: accounts.plan, quota: accounts.monthlyQuota, balance: accounts.creditBalance })
    .from(workspaces)
    .innerJoin(accounts, sql`${accounts.id}::text = ${workspaces.v1AccountId}`)
    .where(eq(workspaces.id, workspaceId));
  return row;
}

const refusal = (promise: Promise<unknown>) => rejectionOf(promise, TRPCError);

describe("who may spend (security H1)", () => {
  it("an unconfirmed person cannot start quota or credit work, and their free workspace has no quota until they confirm", async () => {
    const { api, user, workspaceId, projectId, photoIds } = await studioWithPhotos("Una", 1, { confirmed: false });
    const staging = await refusal(
      api.generations.stage({
        workspaceId,
        projectId,
        requestId: crypto.randomUUID(),
        photoId: photoIds[0],
        redesignType: "staging",
        roomType: "living_room",
        style: "modern",
      }),
    );
    expect(staging.code).toBe("FORBIDDEN");
    expect(staging.message).toMatch(/confirm your email/i);
    const batch = await refusal(
      api.batches.start({
        workspaceId,
        projectId,
        requestId: crypto.randomUUID(),
        style: "modern",
        photos: [{ photoId: photoIds[0], roomType: "living_room" }],
      }),
    );
    expect(batch.code).toBe("FORBIDDEN");
    const description = await refusal(
      api.generations.describe({
        workspaceId,
        projectId,
        requestId: crypto.randomUUID(),
        photoIds: [photoIds[0]],
        property: { propertyType: "house" },
      }),
    );
    expect(description.code).toBe("FORBIDDEN");
    expect(await accountOf(workspaceId)).toEqual({ plan: "free", quota: 0, balance: 0 });

    // Confirming grants the Free plan's quota and the starter credits.
    const db = await getDb();
    const { grantStarterCreditsOnConfirm } = await import("@/server/studio/users/starter-credits");
    await db.update(users).set({ emailVerifiedAt: new Date() }).where(eq(users.id, user.id));
    await grantStarterCreditsOnConfirm({ db, now: () => new Date() }, user.id);
    expect(await accountOf(workspaceId)).toMatchObject({ plan: "free", quota: PLAN_TABLE.free.monthlyQuota });
  });

  it("a confirmed person's new workspace starts on the Free plan with its monthly quota", async () => {
    const { api } = await newPerson("Fran");
    const { id } = await api.workspaces.create({ name: "Fran Realty" });
    expect(await accountOf(id)).toMatchObject({ plan: "free", quota: PLAN_TABLE.free.monthlyQuota });
  });

  it(`refuses a person's free workspace beyond ${FREE_WORKSPACES_PER_PERSON}, with a clear message`, async () => {
    const { api } = await newPerson("Quinn");
    for (let i = 1; i <= FREE_WORKSPACES_PER_PERSON; i++) await api.workspaces.create({ name: `Quinn Realty ${i}` });
    const fourth = await refusal(api.workspaces.create({ name: "Quinn Realty 4" }));
    expect(fourth.code).toBe("FORBIDDEN");
    expect(fourth.message).toBe(
      "You already have 3 workspaces on the Free plan that you created or own, the most one person can have. Upgrade one of them to Premium or Business, or delete one you no longer use, to create another.",
    );
    expect((await api.workspaces.list()).filter((w) => w.name.startsWith("Quinn"))).toHaveLength(FREE_WORKSPACES_PER_PERSON);
  });

  it("creates one person's workspaces at the same moment in turn: under the limit every one is made, never a deadlock", async () => {
    const { api } = await newPerson("Dana");
    const attempts = await Promise.all(
      Array.from({ length: FREE_WORKSPACES_PER_PERSON }, (_, i) =>
        codeOf(api.workspaces.create({ name: `Dana Realty ${i}`, requestId: crypto.randomUUID() })),
      ),
    );
    expect(attempts).toEqual(Array(FREE_WORKSPACES_PER_PERSON).fill("OK"));
  });

  it("refuses the fourth free workspace with its 403 when six are asked for at once", async () => {
    const { api } = await newPerson("Sasha");
    const attempts = await Promise.all(
      Array.from({ length: 6 }, (_, i) => codeOf(api.workspaces.create({ name: `Sasha Realty ${i}`, requestId: crypto.randomUUID() }))),
    );
    expect(attempts.filter((code) => code === "OK")).toHaveLength(FREE_WORKSPACES_PER_PERSON);
    expect(attempts.filter((code) => code === "FORBIDDEN")).toHaveLength(6 - FREE_WORKSPACES_PER_PERSON);
    expect(await api.workspaces.list()).toHaveLength(FREE_WORKSPACES_PER_PERSON);
  });

  it("counts the free workspaces a person created, not only those they own now (security N4)", async () => {
    const creator = await newPerson("Rhea");
    const helper = await newPerson("Ines");
    const made = [];
    for (let i = 1; i <= FREE_WORKSPACES_PER_PERSON; i++) made.push(await creator.api.workspaces.create({ name: `Rhea Realty ${i}` }));
    // Another person becomes an owner of one, and the creator steps down to agent there.
    const invite = await creator.api.invitations.create({ workspaceId: made[0].id, role: "admin", requestId: crypto.randomUUID() });
    await helper.api.invitations.accept({ token: invite.token });
    await creator.api.members.changeRole({ workspaceId: made[0].id, userId: helper.user.id, role: "owner" });
    await creator.api.members.changeRole({ workspaceId: made[0].id, userId: creator.user.id, role: "agent" });
    expect((await creator.api.workspaces.list()).filter((w) => w.role === "owner")).toHaveLength(FREE_WORKSPACES_PER_PERSON - 1);

    const another = await refusal(creator.api.workspaces.create({ name: "Rhea Realty 4" }));
    expect(another.code).toBe("FORBIDDEN");
    expect(another.message).toBe(FREE_WORKSPACE_LIMIT_MESSAGE);
    // The workspace they handed over counts for its new owner too (they own it now).
    for (let i = 1; i < FREE_WORKSPACES_PER_PERSON; i++) await helper.api.workspaces.create({ name: `Ines Realty ${i}` });
    expect((await refusal(helper.api.workspaces.create({ name: "Ines Realty 3" }))).code).toBe("FORBIDDEN");
    // Deleting one they created frees its place.
    await creator.api.workspaces.delete({ workspaceId: made[1].id, confirmName: made[1].name });
    expect(await codeOf(creator.api.workspaces.create({ name: "Rhea Realty 5" }))).toBe("OK");
  });
});
