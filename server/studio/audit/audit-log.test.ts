/**
 * The workspace audit log: every flow that exists today writes its event through
 * recordAudit inside its own transaction (who, what, to what, from which address), the
 * log cannot be changed or emptied, and owners and admins read it a page at a time or
 * as CSV.
 */
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { closeDb, getDb } from "@/db/client";
import { auditEvents } from "@/db/schema/studio-audit";
import { callerFor, newPerson } from "@/test/callers";
import { studioWithPhotos } from "@/test/fixtures";
import { listAuditEvents } from "./list-audit-events";
import { recordAudit } from "./record-audit";
import { publishDraft } from "@/test/listing";

afterAll(closeDb);

type Person = Awaited<ReturnType<typeof newPerson>>;
let owner: Person;
let workspaceId: string;
const OFFICE = "203.0.113.20";

beforeAll(async () => {
  owner = await newPerson("Audra");
  owner.api = await callerFor(owner.user, undefined, OFFICE);
  workspaceId = (await owner.api.workspaces.create({ name: "Ledger Realty" })).id;
});

async function events(id = workspaceId) {
  const db = await getDb();
  return db.select().from(auditEvents).where(eq(auditEvents.workspaceId, id)).orderBy(auditEvents.id);
}

describe("the flows of today", () => {
  it("record members and invitations: who, what, to whom, from where", async () => {
    const admin = await newPerson("Bram");
    const agent = await newPerson("Cleo");
    const invited = await owner.api.invitations.create({ workspaceId, role: "admin", email: admin.user.email });
    await (await callerFor(admin.user, undefined, "198.51.100.4")).invitations.accept({ token: invited.token });
    const open = await owner.api.invitations.create({ workspaceId, role: "agent" });
    await (await callerFor(agent.user, undefined, "198.51.100.5")).invitations.accept({ token: open.token });
    const withdrawn = await owner.api.invitations.create({ workspaceId, role: "agent", email: "nobody@example.test" });
    await owner.api.invitations.revoke({ workspaceId, invitationId: withdrawn.id });
    await owner.api.members.changeRole({ workspaceId, userId: agent.user.id, role: "admin" });
    // Choosing the role someone already has changes nothing and records nothing.
    await owner.api.members.changeRole({ workspaceId, userId: agent.user.id, role: "admin" });
    await owner.api.members.remove({ workspaceId, userId: agent.user.id });

    const rows = (await events()).map((e) => [e.action, e.actorEmail, e.target, e.detail, e.ip]);
    expect(rows).toEqual([
      ["member_added", owner.user.email, owner.user.email, { role: "owner", via: "workspace_created" }, OFFICE],
      ["invitation_sent", owner.user.email, admin.user.email, { role: "admin" }, OFFICE],
      ["invitation_accepted", admin.user.email, admin.user.email, { role: "admin" }, "198.51.100.4"],
      ["member_added", admin.user.email, admin.user.email, { role: "admin", via: "invitation" }, "198.51.100.4"],
      ["invitation_sent", owner.user.email, "open link", { role: "agent" }, OFFICE],
      ["invitation_accepted", agent.user.email, "open link", { role: "agent" }, "198.51.100.5"],
      ["member_added", agent.user.email, agent.user.email, { role: "agent", via: "invitation" }, "198.51.100.5"],
      ["invitation_sent", owner.user.email, "nobody@example.test", { role: "agent" }, OFFICE],
      ["invitation_revoked", owner.user.email, "nobody@example.test", { role: "agent" }, OFFICE],
      ["member_role_changed", owner.user.email, agent.user.email, { from: "agent", to: "admin" }, OFFICE],
      ["member_removed", owner.user.email, agent.user.email, { role: "admin" }, OFFICE],
    ]);
  });

  it("records a repeated create once", async () => {
    const requestId = crypto.randomUUID();
    const before = (await events()).length;
    await owner.api.invitations.create({ workspaceId, role: "agent", requestId });
    await owner.api.invitations.create({ workspaceId, role: "agent", requestId });
    expect((await events()).length).toBe(before + 1);
  });

  it("records signing out everywhere in each workspace of the person", async () => {
    const person = await newPerson("Dario");
    const api = await callerFor(person.user, undefined, "192.0.2.9");
    const first = (await api.workspaces.create({ name: "Dario One" })).id;
    const second = (await api.workspaces.create({ name: "Dario Two" })).id;
    await api.auth.signOutEverywhere();
    for (const id of [first, second]) {
      expect((await events(id)).map((e) => [e.action, e.actorEmail, e.ip]).at(-1)).toEqual([
        "signed_out_everywhere",
        person.user.email,
        "192.0.2.9",
      ]);
    }
  });

  it("records a listing page published and unpublished, with its version", async () => {
    const studio = await studioWithPhotos("Elif", 1);
    const api = await callerFor(studio.user, undefined, "192.0.2.33");
    await publishDraft(api, { workspaceId: studio.workspaceId, projectId: studio.projectId });
    await api.listings.unpublish({ workspaceId: studio.workspaceId, projectId: studio.projectId });
    // Nothing was live any more: nothing to record.
    await api.listings.unpublish({ workspaceId: studio.workspaceId, projectId: studio.projectId });
    const rows = (await events(studio.workspaceId)).filter((e) => e.action.startsWith("listing_"));
    expect(rows.map((e) => [e.action, e.actorEmail, e.ip, e.detail])).toEqual([
      ["listing_published", studio.user.email, "192.0.2.33", { version: 1, results: 0, new_link: true }],
      ["listing_unpublished", studio.user.email, "192.0.2.33", { version: 1 }],
    ]);
    expect(rows[0].target).toBeTruthy();
  });
});

describe("append-only", () => {
  it("refuses to change, delete or empty the log, even with the database's own credentials", async () => {
    const db = await getDb();
    const [row] = await events();
    const refusal = (statement: Promise<unknown>) =>
      statement.then(
        () => "done",
        (error: { cause?: { message?: string } }) => error.cause?.message ?? String(error),
      );
    expect(
      await refusal(db.update(auditEvents).set({ actorEmail: "someone.else@example.test" }).where(eq(auditEvents.id, row.id))),
    ).toMatch(/append-only: UPDATE refused/);
    expect(await refusal(db.delete(auditEvents).where(eq(auditEvents.id, row.id)))).toMatch(/append-only: DELETE refused/);
    expect(await refusal(db.execute(sql`truncate studio.audit_events`))).toMatch(/append-only: TRUNCATE refused/);
    expect((await events())[0]).toEqual(row);
  });

  it("goes with its workspace when an owner deletes the workspace", async () => {
    const person = await newPerson("Fenna");
    const { id } = await person.api.workspaces.create({ name: "Short Lived Homes" });
    expect((await events(id)).length).toBeGreaterThan(0);
    await person.api.workspaces.delete({ workspaceId: id, confirmName: "Short Lived Homes" });
    expect(await events(id)).toEqual([]);
  });

  it("keeps who it was after the person leaves", async () => {
    const db = await getDb();
    await recordAudit(db, {
      workspaceId,
      actorUserId: crypto.randomUUID(),
      action: "plan_changed",
      detail: { from: "free", to: "premium" },
      ip: "unknown",
    });
    const [latest] = (await listAuditEvents({ db }, { workspaceId, limit: 1 })).events;
    expect(latest).toMatchObject({
      action: "plan_changed",
      actorName: null,
      actorEmail: null,
      ip: null,
      detail: { from: "free", to: "premium" },
    });
  });
});

describe("reading it", () => {
  it("pages newest first and exports every event as CSV, oldest first", async () => {
    const all = await events();
    const first = await owner.api.audit.list({ workspaceId });
    expect(first.events[0].id).toBe(all.at(-1)!.id);
    const { events: page, nextBefore } = await listAuditEvents({ db: await getDb() }, { workspaceId, limit: 3 });
    expect(page.map((e) => e.id)).toEqual(
      all
        .slice(-3)
        .reverse()
        .map((e) => e.id),
    );
    const rest = await listAuditEvents({ db: await getDb() }, { workspaceId, before: nextBefore!, limit: 100 });
    expect([...page, ...rest.events].map((e) => e.id)).toEqual(all.map((e) => e.id).reverse());
    expect(rest.nextBefore).toBeNull();

    const file = await owner.api.audit.exportCsv({ workspaceId });
    const lines = file.csv.trimEnd().split("\r\n");
    expect(lines[0]).toBe("Time (UTC),Action,Action id,Actor,Target,Detail,Client address");
    expect(lines).toHaveLength(all.length + 1);
    expect(lines[1]).toMatch(
      new RegExp(
        `^\\d{4}-\\d\\d-\\d\\dT[\\d:.]+Z,Member added,member_added,${owner.user.email},${owner.user.email},role: owner; via: workspace_created,${OFFICE}$`,
      ),
    );
    expect(file.csv).toContain("Member role changed,member_role_changed");
  });
});
