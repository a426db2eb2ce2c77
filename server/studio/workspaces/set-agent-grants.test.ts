/**
 * What agents may do beyond their own work: owners grant it, the agents' permissions
 * follow at once, admins and agents cannot change it, and the log keeps each change.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { closeDb, getDb } from "@/db/client";
import { auditEvents } from "@/db/schema/studio-audit";
import { codeOf, newPerson } from "@/test/callers";

let owner: Awaited<ReturnType<typeof newPerson>>;
let admin: Awaited<ReturnType<typeof newPerson>>;
let agent: Awaited<ReturnType<typeof newPerson>>;
let workspaceId: string;
let slug: string;

beforeAll(async () => {
  [owner, admin, agent] = await Promise.all([newPerson("Orla"), newPerson("Abe"), newPerson("Ann")]);
  ({ id: workspaceId, slug } = await owner.api.workspaces.create({ name: "Grant Realty" }));
  for (const [person, role] of [
    [admin, "admin"],
    [agent, "agent"],
  ] as const) {
    await person.api.invitations.accept({ token: (await owner.api.invitations.create({ workspaceId, role })).token });
  }
}, 60_000);

afterAll(closeDb);

describe("the owners' grants to agents", () => {
  it("lets agents publish once an owner allows it, refuses admins and agents the switch, and logs each change", async () => {
    expect((await agent.api.workspaces.bySlug({ slug })).permissions).toEqual([]);
    const adminMay = (await admin.api.workspaces.bySlug({ slug })).permissions;
    expect(adminMay).toEqual(expect.arrayContaining(["publish_listing", "unpublish_listing"]));
    expect(adminMay).not.toContain("grant_agent_permissions");
    expect(await codeOf(admin.api.workspaces.setAgentGrants({ workspaceId, grants: ["publish_listing"] }))).toBe("FORBIDDEN");
    expect(await codeOf(agent.api.workspaces.setAgentGrants({ workspaceId, grants: ["publish_listing"] }))).toBe("FORBIDDEN");

    await owner.api.workspaces.setAgentGrants({ workspaceId, grants: ["publish_listing"] });
    expect(await agent.api.workspaces.agentGrants({ workspaceId })).toEqual({ grants: ["publish_listing"] });
    expect((await agent.api.workspaces.bySlug({ slug })).permissions).toEqual(["publish_listing"]);
    // Saving the same again changes nothing and logs nothing.
    await owner.api.workspaces.setAgentGrants({ workspaceId, grants: ["publish_listing"] });
    await owner.api.workspaces.setAgentGrants({ workspaceId, grants: [] });
    expect((await agent.api.workspaces.bySlug({ slug })).permissions).toEqual([]);

    const db = await getDb();
    const logged = await db.select().from(auditEvents).where(eq(auditEvents.workspaceId, workspaceId));
    expect(logged.filter((event) => event.action === "agent_permissions_changed").map((event) => event.detail)).toEqual([
      { publish_listing: true },
      { publish_listing: false },
    ]);
  });
});
