/**
 * Creates carry the browser's request id: the same action arriving twice (a double
 * click that got through, a network retry) makes one row and answers both with it.
 */
import crypto from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { closeDb, getDb } from "@/db/client";
import { invitations, members, projects, workspaces } from "@/db/schema/studio";
import { shareLinks } from "@/db/schema/studio-generations";
import { listingVersions } from "@/db/schema/studio-listing-page";
import { projectFields } from "@/test/fixtures";
import { createInvitation } from "@/server/studio/invitations/create-invitation";
import { createStudioContext } from "@/server/studio/context";
import { createWorkspace } from "@/server/studio/workspaces/create-workspace";
import { accounts } from "@/db/schema";
import { newPerson } from "@/test/callers";
import { publishDraft } from "@/test/listing";

let owner: Awaited<ReturnType<typeof newPerson>>;
let workspaceId: string;

beforeAll(async () => {
  owner = await newPerson("Olivia");
  workspaceId = (await owner.api.workspaces.create({ name: "Harbour Realty" })).id;
});

afterAll(closeDb);

describe("one row per user action", () => {
  it("creates one workspace for a repeated request, and refuses another person's request id", async () => {
    const requestId = crypto.randomUUID();
    const [a, b] = await Promise.all([
      owner.api.workspaces.create({ name: "Twice Realty", requestId }),
      owner.api.workspaces.create({ name: "Twice Realty", requestId }),
    ]);
    expect(a).toEqual(b);
    const again = await owner.api.workspaces.create({ name: "Twice Realty", requestId });
    expect(again.id).toBe(a.id);
    const db = await getDb();
    expect(await db.select().from(workspaces).where(eq(workspaces.requestId, requestId))).toHaveLength(1);
    expect(await db.select().from(members).where(eq(members.workspaceId, a.id))).toHaveLength(1);

    const other = await newPerson("Oscar");
    await expect(other.api.workspaces.create({ name: "Twice Realty", requestId })).rejects.toMatchObject({ code: "CONFLICT" });
    // Without a request id every create is a new workspace, as before.
    const plain = [await owner.api.workspaces.create({ name: "Plain" }), await owner.api.workspaces.create({ name: "Plain" })];
    expect(plain[0].id).not.toBe(plain[1].id);
  });

  it("makes one workspace and one v1 account when identical requests race, and distinct ones for a shared name", async () => {
    // As for invitations below: rounds of eight at once make the race likely.
    const ctx = await createStudioContext();
    const db = await getDb();
    for (let round = 0; round < 10; round++) {
      const requestId = crypto.randomUUID();
      const name = `Race Realty ${requestId.slice(0, 8)}`;
      const answers = await Promise.all(Array.from({ length: 8 }, () => createWorkspace(ctx, { name, userId: owner.user.id, requestId })));
      expect(new Set(answers.map((answer) => answer.id)).size).toBe(1);
      expect(
        await db
          .select()
          .from(accounts)
          .where(eq(accounts.name, `Studio: ${name}`)),
      ).toHaveLength(1);
      // Brokerages that pick the same name at the same moment each get a workspace.
      const alike = await Promise.all(Array.from({ length: 4 }, () => createWorkspace(ctx, { name, userId: owner.user.id })));
      expect(new Set(alike.map((workspace) => workspace.slug)).size).toBe(4);
    }
  });

  it("creates one project for a repeated request", async () => {
    const requestId = crypto.randomUUID();
    const results = await Promise.all([0, 1, 2].map(() => owner.api.projects.create({ workspaceId, fields: projectFields, requestId })));
    expect(new Set(results.map((r) => r.id)).size).toBe(1);
    const db = await getDb();
    expect(await db.select().from(projects).where(eq(projects.requestId, requestId))).toHaveLength(1);
  });

  it("creates one invitation and mails once for a repeated request; the link is the same", async () => {
    const requestId = crypto.randomUUID();
    const email = `twice-${Date.now()}@example.test`;
    const first = await owner.api.invitations.create({ workspaceId, role: "agent", email, requestId });
    const second = await owner.api.invitations.create({ workspaceId, role: "agent", email, requestId });
    expect(second).toMatchObject({ id: first.id, token: first.token, emailSent: true });
    expect(first.emailSent).toBe(true);
    const db = await getDb();
    expect(await db.select().from(invitations).where(eq(invitations.requestId, requestId))).toHaveLength(1);
    const { listOutbox } = await import("@/server/email/list-outbox");
    expect(await listOutbox({ to: email })).toHaveLength(1);
    expect((await owner.api.invitations.preview({ token: first.token }))?.state).toBe("pending");
  });

  it("creates one invitation when identical requests arrive at once", async () => {
    // Two inserts that start together both pass the conflict pre-check, and the loser
    // meets the winner's row on whichever unique index it reaches first. Many rounds of
    // eight make that window likely; each round must still answer with one invitation.
    const ctx = await createStudioContext();
    const db = await getDb();
    for (let round = 0; round < 30; round++) {
      const requestId = crypto.randomUUID();
      const input = { workspaceId, actorRole: "owner" as const, invitedBy: owner.user.id, role: "agent" as const, requestId };
      const answers = await Promise.all(Array.from({ length: 8 }, () => createInvitation(ctx, input)));
      expect(new Set(answers.map((answer) => answer.id)).size).toBe(1);
      expect(await db.select().from(invitations).where(eq(invitations.requestId, requestId))).toHaveLength(1);
    }
  });

  it("publishes one version and one link for a repeated request, and keeps the link for the next version", async () => {
    const projectId = (await owner.api.projects.create({ workspaceId, fields: projectFields })).id;
    const scope = { workspaceId, projectId };
    const requestId = crypto.randomUUID();
    const [first, second] = await Promise.all([publishDraft(owner.api, scope, requestId), publishDraft(owner.api, scope, requestId)]);
    expect(second).toEqual(first);
    expect(first.version.number).toBe(1);
    expect((await owner.api.exports.shareLink(scope))?.path).toBe(first.path);
    const db = await getDb();
    expect(await db.select().from(shareLinks).where(eq(shareLinks.projectId, projectId))).toHaveLength(1);
    expect(await db.select().from(listingVersions).where(eq(listingVersions.projectId, projectId))).toHaveLength(1);

    // A new publish of a changed draft is the next version, at the same link.
    await owner.api.listings.setDescription({ ...scope, description: "Now with a description." });
    const next = await publishDraft(owner.api, scope);
    expect([next.version.number, next.path]).toEqual([2, first.path]);
  });
});
