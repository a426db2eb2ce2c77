/**
 * Every key and webhook endpoint change made in the Developers section is in the
 * workspace's audit log (D16): who, what, to what (a key by name and prefix, never more of
 * it; an endpoint by URL), from which address; and the log page's list carries them.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { closeDb, getDb } from "@/db/client";
import { workspaces } from "@/db/schema/studio";
import { auditEvents } from "@/db/schema/studio-audit";
import { AUDIT_ACTION_LABELS } from "@/shared/audit-actions";
import { callerFor, newPerson } from "@/test/callers";
import { createStudioContext } from "../context";
import { recordDisabledEndpoint } from "./record-disabled-endpoint";

vi.hoisted(() => {
  process.env.V1_WEBHOOKS_ENABLED = "true";
});

afterAll(closeDb);

const OFFICE = "203.0.113.26";
const hook = `http://127.0.0.1:${process.env.FIXTURE_PORT}/hook`;
let owner: Awaited<ReturnType<typeof newPerson>>;
let workspaceId: string;

beforeAll(async () => {
  owner = await newPerson("Dev Owner");
  owner.api = await callerFor(owner.user, undefined, OFFICE);
  workspaceId = (await owner.api.workspaces.create({ name: "Console Realty" })).id;
});

async function developerEvents() {
  const db = await getDb();
  const rows = await db.select().from(auditEvents).where(eq(auditEvents.workspaceId, workspaceId)).orderBy(auditEvents.id);
  return rows.filter((row) => row.action.startsWith("api_key_") || row.action.startsWith("webhook_"));
}

describe("the Developers section's audit events", () => {
  it("records key creation, rotation and revocation with who, the key's name and prefix, and where from", async () => {
    const made = await owner.api.developers.createKey({ workspaceId, name: "Website", scope: "read_only" });
    const rotated = await owner.api.developers.rotateKey({ workspaceId, keyId: made.id, overlapHours: 24 });
    await owner.api.developers.revokeKey({ workspaceId, keyId: made.id });

    const rows = (await developerEvents()).map((e) => [e.action, e.actorEmail, e.target, e.detail, e.ip]);
    expect(rows).toEqual([
      ["api_key_created", owner.user.email, `Website (${made.prefix}…)`, { scope: "read_only" }, OFFICE],
      ["api_key_rotated", owner.user.email, `Website (${made.prefix}…)`, { new_key: `${rotated.prefix}…`, overlap_hours: 24 }, OFFICE],
      ["api_key_revoked", owner.user.email, `Website (${made.prefix}…)`, {}, OFFICE],
    ]);
    expect(JSON.stringify(await developerEvents())).not.toContain(made.apiKey.slice(made.prefix.length));
  });

  it("records endpoint changes, the system's turning one off, and the log page lists them", async () => {
    const before = (await developerEvents()).length;
    const { endpointId, secret } = await owner.api.developers.createWebhook({
      workspaceId,
      url: hook,
      eventTypes: ["job.completed"],
      description: "CRM",
    });
    await owner.api.developers.updateWebhook({
      workspaceId,
      endpointId,
      url: `${hook}/v2`,
      eventTypes: ["job.completed", "job.failed"],
      description: "CRM",
    });
    const rolled = await owner.api.developers.rotateWebhookSecret({ workspaceId, endpointId, overlapHours: 0 });
    const [{ accountId }] = await (
      await getDb()
    )
      .select({ accountId: workspaces.v1AccountId })
      .from(workspaces)
      .where(eq(workspaces.id, workspaceId));
    expect(await recordDisabledEndpoint(await createStudioContext(), { accountId: accountId!, endpointId, url: `${hook}/v2` })).toBe(1);
    await owner.api.developers.enableWebhook({ workspaceId, endpointId });
    await owner.api.developers.deleteWebhook({ workspaceId, endpointId });

    const rows = (await developerEvents()).slice(before).map((e) => [e.action, e.actorEmail, e.target, e.detail, e.ip]);
    expect(rows).toEqual([
      ["webhook_endpoint_created", owner.user.email, hook, { events: "job.completed" }, OFFICE],
      ["webhook_endpoint_updated", owner.user.email, `${hook}/v2`, { previous_url: hook, events: "job.completed, job.failed" }, OFFICE],
      ["webhook_secret_rotated", owner.user.email, `${hook}/v2`, { overlap_hours: 0 }, OFFICE],
      ["webhook_endpoint_disabled", null, `${hook}/v2`, { reason: "failing for 5 days" }, null],
      ["webhook_endpoint_enabled", owner.user.email, `${hook}/v2`, {}, OFFICE],
      ["webhook_endpoint_removed", owner.user.email, `${hook}/v2`, {}, OFFICE],
    ]);
    expect(JSON.stringify(rows)).not.toContain(secret);
    expect(JSON.stringify(rows)).not.toContain(rolled.secret);

    // The log page's list: the newest first, each with its label.
    const page = await owner.api.audit.list({ workspaceId });
    const actions = page.events.map((e) => e.action);
    expect(actions.slice(0, 6)).toEqual([
      "webhook_endpoint_removed",
      "webhook_endpoint_enabled",
      "webhook_endpoint_disabled",
      "webhook_secret_rotated",
      "webhook_endpoint_updated",
      "webhook_endpoint_created",
    ]);
    for (const action of actions) expect(AUDIT_ACTION_LABELS).toHaveProperty(action);
  });

  it("records nothing for a change that was refused", async () => {
    const before = (await developerEvents()).length;
    await expect(owner.api.developers.revokeKey({ workspaceId, keyId: crypto.randomUUID() })).rejects.toThrow();
    await expect(owner.api.developers.deleteWebhook({ workspaceId, endpointId: crypto.randomUUID() })).rejects.toThrow();
    expect(await developerEvents()).toHaveLength(before);
  });
});
