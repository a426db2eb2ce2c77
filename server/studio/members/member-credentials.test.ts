/**
 * What leaves with a member (round 4, N1): after an owner removed an admin, a key she made
 * still listed and downloaded the workspace's results and spent its credits, and her
 * webhook endpoints kept receiving its events. Now, when a member is removed, leaves or is
 * made an agent, the API keys and webhook endpoints they hold are revoked (keys refused,
 * endpoints turned off) or handed over to the acting owner, as that owner chooses; the
 * invitations they sent are withdrawn (they hold the links); each change is in the audit
 * log and the owners are mailed. A key keeps showing who made it.
 */
import { TRPCError } from "@trpc/server";
import { describe, expect, it, vi } from "vitest";
import { mailMemberDepartureFunction } from "@/inngest/functions/studio/mail-member-departure";
import { listOutbox } from "@/server/email/list-outbox";
import { useAppStack } from "@/test/app-stack";
import { codeOf, newPerson } from "@/test/callers";
import { rejectionOf } from "@/test/rejection";

vi.hoisted(() => {
  process.env.V1_WEBHOOKS_ENABLED = "true";
});

const stack = useAppStack({ functions: [mailMemberDepartureFunction] });
const hookUrl = `http://127.0.0.1:${process.env.FIXTURE_PORT}/hook`;

/** An owner and an admin who made a key, a webhook endpoint and an open invitation link. */
async function teamWithAdminKey(label: string) {
  const owner = await newPerson(`${label} Owner`);
  const admin = await newPerson(`${label} Admin`);
  const workspaceId = (await owner.api.workspaces.create({ name: `${label} Realty` })).id;
  await admin.api.invitations.accept({
    token: (await owner.api.invitations.create({ workspaceId, role: "admin", email: admin.user.email })).token,
  });
  const key = await admin.api.developers.createKey({ workspaceId, name: `${label} CRM`, scope: "full" });
  const endpoint = await admin.api.developers.createWebhook({ workspaceId, url: hookUrl, eventTypes: ["job.completed"] });
  const link = await admin.api.invitations.create({ workspaceId, role: "admin" });
  return { owner, admin, workspaceId, key, endpoint, link };
}

const keyStatus = async (apiKey: string) => (await fetch(`${stack.app.url}/api/v1/me`, { headers: { "x-api-key": apiKey } })).status;

async function auditOf(api: Awaited<ReturnType<typeof newPerson>>["api"], workspaceId: string) {
  const { events } = await api.audit.list({ workspaceId });
  return events.map((event) => ({ action: event.action, target: event.target, reason: event.detail.reason ?? null }));
}

/** The mails the durable function sent to `to` about `subject`, waiting for it to run. */
async function mailTo(to: string, subject: RegExp) {
  for (let waited = 0; waited < 30_000; waited += 200) {
    const found = (await listOutbox({ to })).filter((mail) => subject.test(mail.subject));
    if (found.length > 0) return found;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return [];
}

describe("removing a member", () => {
  it("by default revokes their keys, turns their endpoints off and withdraws their links, in the audit log, and mails the owners", async () => {
    const team = await teamWithAdminKey("Revoke");
    expect(await keyStatus(team.key.apiKey)).toBe(200);
    expect(await team.owner.api.members.credentials({ workspaceId: team.workspaceId, userId: team.admin.user.id })).toEqual({
      keys: [{ id: team.key.id, name: "Revoke CRM", prefix: team.key.prefix }],
      endpoints: [{ id: team.endpoint.endpointId, url: hookUrl }],
      invitations: 1,
    });

    await team.owner.api.members.remove({ workspaceId: team.workspaceId, userId: team.admin.user.id });

    expect(await keyStatus(team.key.apiKey)).toBe(403);
    const [endpoint] = (await team.owner.api.developers.webhooks({ workspaceId: team.workspaceId })).endpoints;
    expect(endpoint.disabledAt).toBeInstanceOf(Date);
    expect(endpoint.disabledReason).toBe("Its maker left the workspace");
    const latecomer = await newPerson("Latecomer");
    expect(await codeOf(latecomer.api.invitations.accept({ token: team.link.token }))).toBe("NOT_FOUND");
    expect(await auditOf(team.owner.api, team.workspaceId)).toEqual(
      expect.arrayContaining([
        { action: "member_removed", target: team.admin.user.email, reason: null },
        { action: "api_key_revoked", target: `Revoke CRM (${team.key.prefix}…)`, reason: "member_removed" },
        { action: "webhook_endpoint_disabled", target: hookUrl, reason: "member_removed" },
        { action: "invitation_revoked", target: "open link", reason: "member_removed" },
      ]),
    );
    const [mail] = await mailTo(team.owner.user.email, /Revoke Realty/);
    expect(mail.subject).toBe(`What ${team.admin.user.email} set up in Revoke Realty was revoked`);
    expect(mail.text).toContain(`Revoke CRM (${team.key.prefix}…): revoked`);
    expect(mail.text).toContain(`${hookUrl}: turned off`);
    expect(mail.text).toContain("1 pending invitation they sent: withdrawn");
  });

  it("hands their keys and endpoints to the acting owner when the owner chooses: they keep working and still show who made them", async () => {
    const team = await teamWithAdminKey("Hand");
    await team.owner.api.members.remove({ workspaceId: team.workspaceId, userId: team.admin.user.id, credentials: "hand_over" });

    expect(await keyStatus(team.key.apiKey)).toBe(200);
    const key = (await team.owner.api.developers.keys({ workspaceId: team.workspaceId })).find((k) => k.id === team.key.id);
    expect(key).toMatchObject({ createdBy: "Hand Admin (no longer a member)", heldBy: "Hand Owner" });
    const [endpoint] = (await team.owner.api.developers.webhooks({ workspaceId: team.workspaceId })).endpoints;
    expect(endpoint).toMatchObject({ disabledAt: null, createdBy: "Hand Admin (no longer a member)", heldBy: "Hand Owner" });
    // Open links are withdrawn whatever the choice: the one who left still holds them.
    expect(await codeOf((await newPerson("Late")).api.invitations.accept({ token: team.link.token }))).toBe("NOT_FOUND");
    expect(await auditOf(team.owner.api, team.workspaceId)).toEqual(
      expect.arrayContaining([
        { action: "api_key_handed_over", target: `Hand CRM (${team.key.prefix}…)`, reason: "member_removed" },
        { action: "webhook_endpoint_handed_over", target: hookUrl, reason: "member_removed" },
      ]),
    );
    const [mail] = await mailTo(team.owner.user.email, /Hand Realty/);
    expect(mail.text).toContain(`Hand CRM (${team.key.prefix}…): handed over to Hand Owner`);
    // The owner holds them now: the owner's own removal would settle them.
    expect(await team.owner.api.members.credentials({ workspaceId: team.workspaceId, userId: team.owner.user.id })).toMatchObject({
      keys: [{ id: team.key.id }],
    });
  });

  it("lets only an owner take them over, never the person leaving", async () => {
    const team = await teamWithAdminKey("Admins");
    const other = await newPerson("Other Admin");
    await other.api.invitations.accept({
      token: (await team.owner.api.invitations.create({ workspaceId: team.workspaceId, role: "admin" })).token,
    });
    const refusal = await rejectionOf(
      other.api.members.remove({ workspaceId: team.workspaceId, userId: team.admin.user.id, credentials: "hand_over" }),
      TRPCError,
    );
    expect([refusal.code, refusal.message]).toEqual([
      "FORBIDDEN",
      "Only an owner can take over a member's API keys and webhook endpoints; an admin can revoke them.",
    ]);
    expect(await keyStatus(team.key.apiKey)).toBe(200);
    const self = await rejectionOf(
      team.admin.api.members.remove({ workspaceId: team.workspaceId, userId: team.admin.user.id, credentials: "hand_over" }),
      TRPCError,
    );
    expect(self.code).toBe("BAD_REQUEST");
    // An admin removing another admin revokes.
    await other.api.members.remove({ workspaceId: team.workspaceId, userId: team.admin.user.id });
    expect(await keyStatus(team.key.apiKey)).toBe(403);
  });

  it("applies to a member who leaves", async () => {
    const team = await teamWithAdminKey("Leaver");
    await team.admin.api.members.remove({ workspaceId: team.workspaceId, userId: team.admin.user.id });
    expect(await keyStatus(team.key.apiKey)).toBe(403);
    expect(await auditOf(team.owner.api, team.workspaceId)).toEqual(
      expect.arrayContaining([{ action: "api_key_revoked", target: `Leaver CRM (${team.key.prefix}…)`, reason: "member_left" }]),
    );
  });
});

describe("making a member an agent", () => {
  it("revokes or hands over what they held, as for a removal; other role changes leave it", async () => {
    const team = await teamWithAdminKey("Demote");
    await team.owner.api.members.changeRole({ workspaceId: team.workspaceId, userId: team.admin.user.id, role: "owner" });
    await team.owner.api.members.changeRole({ workspaceId: team.workspaceId, userId: team.admin.user.id, role: "admin" });
    expect(await keyStatus(team.key.apiKey)).toBe(200);

    await team.owner.api.members.changeRole({ workspaceId: team.workspaceId, userId: team.admin.user.id, role: "agent" });
    expect(await keyStatus(team.key.apiKey)).toBe(403);
    expect(await auditOf(team.owner.api, team.workspaceId)).toEqual(
      expect.arrayContaining([
        { action: "api_key_revoked", target: `Demote CRM (${team.key.prefix}…)`, reason: "member_demoted" },
        { action: "webhook_endpoint_disabled", target: hookUrl, reason: "member_demoted" },
      ]),
    );

    const kept = await teamWithAdminKey("Kept");
    await kept.owner.api.members.changeRole({
      workspaceId: kept.workspaceId,
      userId: kept.admin.user.id,
      role: "agent",
      credentials: "hand_over",
    });
    expect(await keyStatus(kept.key.apiKey)).toBe(200);
    const key = (await kept.owner.api.developers.keys({ workspaceId: kept.workspaceId })).find((k) => k.id === kept.key.id);
    // Still a member, as an agent: the maker's name stands alone.
    expect(key).toMatchObject({ createdBy: "Kept Admin", heldBy: "Kept Owner" });
  });
});
