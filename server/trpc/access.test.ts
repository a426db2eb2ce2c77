import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { closeDb, getDb } from "@/db/client";
import { authenticateKey } from "@/server/v1/services/keys/authenticate-key";
import { getWorkspaceV1Connection } from "@/server/studio/workspaces/get-v1-connection";
import { callerFor, codeOf, newPerson } from "@/test/callers";

const fields = {
  address: "12 Harbour Lane, Portsmouth",
  propertyType: "house",
  listingStatus: "active",
  listingType: "sale",
  price: 450000,
  bedrooms: 3,
  bathrooms: 2.5,
  notes: "",
} as const;

let owner: Awaited<ReturnType<typeof newPerson>>;
let agent: Awaited<ReturnType<typeof newPerson>>;
let outsider: Awaited<ReturnType<typeof newPerson>>;
let workspaceId: string;
let otherWorkspaceId: string;
let projectId: string;

beforeAll(async () => {
  [owner, agent, outsider] = await Promise.all([newPerson("Olivia"), newPerson("Arjun"), newPerson("Oscar")]);
  const workspace = await owner.api.workspaces.create({ name: "Harbour Realty" });
  workspaceId = workspace.id;
  otherWorkspaceId = (await outsider.api.workspaces.create({ name: "Rival Homes" })).id;
  const invitation = await owner.api.invitations.create({ workspaceId, role: "agent" });
  await agent.api.invitations.accept({ token: invitation.token });
  projectId = (await owner.api.projects.create({ workspaceId, fields })).id;
});

afterAll(closeDb);

describe("sign-in is required", () => {
  it("refuses every protected procedure without a session", async () => {
    const anonymous = await callerFor(null);
    expect(await codeOf(anonymous.workspaces.list())).toBe("UNAUTHORIZED");
    expect(await codeOf(anonymous.projects.list({ workspaceId }))).toBe("UNAUTHORIZED");
  });
});

describe("roles", () => {
  it("makes the creator owner and the invited person an agent", async () => {
    expect((await owner.api.workspaces.bySlug({ slug: (await owner.api.workspaces.list())[0].slug })).role).toBe("owner");
    const members = await agent.api.members.list({ workspaceId });
    expect(members.map((m) => [m.name, m.role])).toEqual([
      ["Olivia", "owner"],
      ["Arjun", "agent"],
    ]);
  });

  it("lets an agent work on projects, and leaves archiving them to owners and admins", async () => {
    const created = await agent.api.projects.create({ workspaceId, fields: { ...fields, address: "3 Quay St" } });
    await agent.api.projects.update({ workspaceId, projectId: created.id, fields: { ...fields, address: "3 Quay Street" } });
    expect(await codeOf(agent.api.projects.setArchived({ workspaceId, projectId: created.id, archived: true }))).toBe("FORBIDDEN");
    await owner.api.projects.setArchived({ workspaceId, projectId: created.id, archived: true });
    expect((await agent.api.projects.list({ workspaceId, archived: true })).map((p) => p.address)).toEqual(["3 Quay Street"]);
  });

  it("keeps an agent away from members, invitations, the audit log, the key and workspace settings", async () => {
    const calls = [
      agent.api.members.changeRole({ workspaceId, userId: owner.user.id, role: "agent" }),
      agent.api.members.remove({ workspaceId, userId: owner.user.id }),
      agent.api.invitations.create({ workspaceId, role: "agent" }),
      agent.api.invitations.list({ workspaceId }),
      agent.api.workspaces.connection({ workspaceId }),
      agent.api.audit.list({ workspaceId }),
      agent.api.audit.exportCsv({ workspaceId }),
      agent.api.workspaces.rename({ workspaceId, name: "Mine now" }),
    ];
    expect(await Promise.all(calls.map(codeOf))).toEqual(Array(calls.length).fill("FORBIDDEN"));
  });

  it("never leaves a workspace without an owner and lets only owners touch owners", async () => {
    expect(await codeOf(owner.api.members.remove({ workspaceId, userId: owner.user.id }))).toBe("CONFLICT");
    const admin = await newPerson("Ada");
    await admin.api.invitations.accept({ token: (await owner.api.invitations.create({ workspaceId, role: "admin" })).token });
    expect(await codeOf(admin.api.members.changeRole({ workspaceId, userId: owner.user.id, role: "agent" }))).toBe("FORBIDDEN");
    expect(await codeOf(admin.api.members.changeRole({ workspaceId, userId: agent.user.id, role: "owner" }))).toBe("FORBIDDEN");
    await admin.api.members.changeRole({ workspaceId, userId: agent.user.id, role: "admin" });
    await admin.api.members.changeRole({ workspaceId, userId: agent.user.id, role: "agent" });
    await owner.api.members.remove({ workspaceId, userId: admin.user.id });
    expect(await codeOf(admin.api.projects.list({ workspaceId }))).toBe("NOT_FOUND");
  });
});

describe("invitations", () => {
  it("are single-use", async () => {
    const { token } = await owner.api.invitations.create({ workspaceId, role: "agent" });
    const first = await newPerson("Bea");
    const second = await newPerson("Cal");
    await first.api.invitations.accept({ token });
    expect(await codeOf(second.api.invitations.accept({ token }))).toBe("CONFLICT");
    expect(await codeOf(second.api.projects.list({ workspaceId }))).toBe("NOT_FOUND");
  });

  it("expire after 7 days", async () => {
    const { token, expiresAt } = await owner.api.invitations.create({ workspaceId, role: "agent" });
    const late = await newPerson("Dee");
    const eightDaysOn = await callerFor(late.user, { now: () => new Date(expiresAt.getTime() + 24 * 3600_000) });
    expect((await eightDaysOn.invitations.preview({ token }))?.state).toBe("expired");
    expect(await codeOf(eightDaysOn.invitations.accept({ token }))).toBe("CONFLICT");
  });

  it("stop working once revoked", async () => {
    const { token, id } = await owner.api.invitations.create({ workspaceId, role: "agent" });
    await owner.api.invitations.revoke({ workspaceId, invitationId: id });
    expect((await outsider.api.invitations.preview({ token }))?.state).toBe("revoked");
    expect(await codeOf(outsider.api.invitations.accept({ token }))).toBe("NOT_FOUND");
  });
});

describe("workspace isolation", () => {
  it("hides another workspace entirely", async () => {
    expect((await outsider.api.workspaces.list()).map((w) => w.name)).toEqual(["Rival Homes"]);
    const slug = (await owner.api.workspaces.list())[0].slug;
    const calls = [
      outsider.api.workspaces.bySlug({ slug }),
      outsider.api.projects.list({ workspaceId }),
      outsider.api.members.list({ workspaceId }),
      outsider.api.photos.list({ workspaceId, projectId }),
      outsider.api.workspaces.connection({ workspaceId }),
    ];
    expect(await Promise.all(calls.map(codeOf))).toEqual(Array(calls.length).fill("NOT_FOUND"));
  });

  it("does not let a project id cross workspaces through the caller's own workspace", async () => {
    const ws = otherWorkspaceId;
    const calls = [
      outsider.api.projects.get({ workspaceId: ws, projectId }),
      outsider.api.projects.update({ workspaceId: ws, projectId, fields }),
      outsider.api.projects.setArchived({ workspaceId: ws, projectId, archived: true }),
      outsider.api.photos.prepareUploads({
        workspaceId: ws,
        projectId,
        files: [{ fileName: "a.jpg", contentType: "image/jpeg", bytes: 10 }],
      }),
      outsider.api.photos.list({ workspaceId: ws, projectId }),
    ];
    expect(await Promise.all(calls.map(codeOf))).toEqual(Array(calls.length).fill("NOT_FOUND"));
    expect((await owner.api.projects.get({ workspaceId, projectId })).archivedAt).toBeNull();
  });
});

describe("v1 connection", () => {
  it("provisions a working key and shows only its prefix", async () => {
    const summary = await owner.api.workspaces.connection({ workspaceId });
    expect(summary).toMatchObject({ provisioned: true });
    const { apiKey, baseUrl } = await getWorkspaceV1Connection(workspaceId);
    expect(baseUrl).toMatch(/\/api\/v1$/);
    expect(JSON.stringify(summary)).not.toContain(apiKey);
    expect(apiKey.startsWith(summary.keyPrefix!.replace("…", ""))).toBe(true);
    expect((await authenticateKey(await getDb(), apiKey))?.account.plan).toBe("business");
  });
});

describe("two owners at once", () => {
  it("cannot demote or remove each other into a workspace without an owner", async () => {
    for (const action of ["demote", "remove"] as const) {
      const [first, second] = await Promise.all([newPerson("Wanda"), newPerson("Xavier")]);
      const id = (await first.api.workspaces.create({ name: `Twin Owners ${action}` })).id;
      await second.api.invitations.accept({ token: (await first.api.invitations.create({ workspaceId: id, role: "admin" })).token });
      await first.api.members.changeRole({ workspaceId: id, userId: second.user.id, role: "owner" });
      const act = (actor: typeof first, target: typeof first) =>
        action === "demote"
          ? actor.api.members.changeRole({ workspaceId: id, userId: target.user.id, role: "agent" })
          : actor.api.members.remove({ workspaceId: id, userId: target.user.id });
      const codes = await Promise.all([codeOf(act(first, second)), codeOf(act(second, first))]);
      expect(codes.filter((code) => code === "OK")).toHaveLength(1);
      const members = await (await getDb()).query.members.findMany({ where: (m, { eq }) => eq(m.workspaceId, id) });
      expect(members.filter((m) => m.role === "owner")).toHaveLength(1);
    }
  });
});
