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
import { projectFields } from "@/server/studio/generations/test-helpers";
import { newPerson } from "./test/callers";

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

  it("creates one share link for a repeated request and keeps it working", async () => {
    const projectId = (await owner.api.projects.create({ workspaceId, fields: projectFields })).id;
    const requestId = crypto.randomUUID();
    const first = await owner.api.generations.createShareLink({ workspaceId, projectId, requestId });
    const second = await owner.api.generations.createShareLink({ workspaceId, projectId, requestId });
    expect(second.path).toBe(first.path);
    expect((await owner.api.generations.shareLink({ workspaceId, projectId }))?.path).toBe(first.path);
    const db = await getDb();
    expect(await db.select().from(shareLinks).where(eq(shareLinks.projectId, projectId))).toHaveLength(1);

    // A new action makes a new link and retires the old one.
    const next = await owner.api.generations.createShareLink({ workspaceId, projectId, requestId: crypto.randomUUID() });
    expect(next.path).not.toBe(first.path);
    expect((await owner.api.generations.shareLink({ workspaceId, projectId }))?.path).toBe(next.path);
  });
});
