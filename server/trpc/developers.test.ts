/**
 * The Developers procedures (D16) as people call them: owners and admins manage the
 * workspace account's keys, request log and webhook endpoints; agents are refused every
 * one and outsiders do not find the workspace; the studio's own key is listed as
 * internal and cannot be rotated or revoked; one workspace never reaches another's keys
 * or endpoints.
 */
import { beforeAll, describe, expect, it, vi } from "vitest";
import { getWorkspaceV1Connection } from "@/server/studio/workspaces/get-v1-connection";
import { flushRequestLog } from "@/server/v1/services/requests/request-recorder";
import { useAppStack } from "@/test/app-stack";
import { codeOf, newPerson } from "@/test/callers";

vi.hoisted(() => {
  process.env.V1_WEBHOOKS_ENABLED = "true";
});

let owner: Awaited<ReturnType<typeof newPerson>>;
let agent: Awaited<ReturnType<typeof newPerson>>;
let outsider: Awaited<ReturnType<typeof newPerson>>;
let workspaceId: string;
let otherWorkspaceId: string;
const stack = useAppStack();
const hook = `http://127.0.0.1:${process.env.FIXTURE_PORT}/hook`;

beforeAll(async () => {
  [owner, agent, outsider] = await Promise.all([newPerson("Olivia"), newPerson("Arjun"), newPerson("Oscar")]);
  workspaceId = (await owner.api.workspaces.create({ name: "Harbour Realty" })).id;
  otherWorkspaceId = (await outsider.api.workspaces.create({ name: "Rival Homes" })).id;
  const invitation = await owner.api.invitations.create({ workspaceId, role: "agent" });
  await agent.api.invitations.accept({ token: invitation.token });
});

describe("who may use the Developers section", () => {
  it("refuses agents every procedure and hides the workspace from outsiders", async () => {
    const id = "00000000-0000-4000-8000-000000000000";
    const calls = (api: typeof agent.api) => [
      api.developers.keys({ workspaceId }),
      api.developers.createKey({ workspaceId, name: "x", scope: "full" }),
      api.developers.rotateKey({ workspaceId, keyId: id, overlapHours: 24 }),
      api.developers.revokeKey({ workspaceId, keyId: id }),
      api.developers.requests({ workspaceId }),
      api.developers.webhooks({ workspaceId }),
      api.developers.createWebhook({ workspaceId, url: hook, eventTypes: ["job.completed"] }),
      api.developers.updateWebhook({ workspaceId, endpointId: id, url: hook, eventTypes: ["job.completed"] }),
      api.developers.rotateWebhookSecret({ workspaceId, endpointId: id, overlapHours: 24 }),
      api.developers.deleteWebhook({ workspaceId, endpointId: id }),
      api.developers.enableWebhook({ workspaceId, endpointId: id }),
      api.developers.sendTestEvent({ workspaceId, endpointId: id }),
      api.developers.deliveries({ workspaceId, endpointId: id }),
      api.developers.redeliver({ workspaceId, deliveryId: id }),
    ];
    expect(new Set(await Promise.all(calls(agent.api).map(codeOf)))).toEqual(new Set(["FORBIDDEN"]));
    expect(new Set(await Promise.all(calls(outsider.api).map(codeOf)))).toEqual(new Set(["NOT_FOUND"]));
  });
});

describe("keys", () => {
  it("lists the studio's own key as internal, makes, rotates and revokes others, and logs their calls", async () => {
    const [internal] = await owner.api.developers.keys({ workspaceId });
    expect(internal).toMatchObject({ internal: true, name: "Atrium studio (internal)", createdBy: "Atrium studio", scope: "full" });
    expect(JSON.stringify(internal)).not.toContain((await getWorkspaceV1Connection(workspaceId)).apiKey);
    expect(await codeOf(owner.api.developers.revokeKey({ workspaceId, keyId: internal.id }))).toBe("FORBIDDEN");
    expect(await codeOf(owner.api.developers.rotateKey({ workspaceId, keyId: internal.id, overlapHours: 0 }))).toBe("FORBIDDEN");

    const made = await owner.api.developers.createKey({ workspaceId, name: "Website", scope: "read_only" });
    expect(made.apiKey).toMatch(/^idk_[0-9A-Za-z]{40}$/);
    const listed = await owner.api.developers.keys({ workspaceId });
    expect(listed.find((k) => k.id === made.id)).toMatchObject({
      name: "Website",
      scope: "read_only",
      internal: false,
      createdBy: "Olivia",
      lastUsedAt: null,
    });
    expect(JSON.stringify(listed)).not.toContain(made.apiKey);
    expect(JSON.stringify(listed)).not.toMatch(/keyHash|[0-9a-f]{64}/);

    const me = await fetch(`${stack.app.url}/api/v1/me`, { headers: { "x-api-key": made.apiKey } });
    expect(me.status).toBe(200);
    await flushRequestLog();
    const log = await owner.api.developers.requests({ workspaceId, keyId: made.id });
    expect(log.rows).toHaveLength(1);
    expect(log.rows[0]).toMatchObject({ route: "/me", status: 200, keyName: "Website", requestId: me.headers.get("x-request-id") });
    expect((await owner.api.developers.keys({ workspaceId })).find((k) => k.id === made.id)?.lastUsedAt).toBeInstanceOf(Date);

    const rotated = await owner.api.developers.rotateKey({ workspaceId, keyId: made.id, overlapHours: 24 });
    expect(rotated.oldKeyExpiresAt.getTime()).toBeGreaterThan(Date.now() + 23 * 3600_000);
    await owner.api.developers.revokeKey({ workspaceId, keyId: made.id });
    expect((await fetch(`${stack.app.url}/api/v1/me`, { headers: { "x-api-key": made.apiKey } })).status).toBe(403);
    expect((await fetch(`${stack.app.url}/api/v1/me`, { headers: { "x-api-key": rotated.apiKey } })).status).toBe(200);

    // Another workspace's owner reaches none of it.
    expect(await codeOf(outsider.api.developers.revokeKey({ workspaceId: otherWorkspaceId, keyId: rotated.id }))).toBe("NOT_FOUND");
    expect(await codeOf(outsider.api.developers.requests({ workspaceId: otherWorkspaceId, keyId: rotated.id }))).toBe("NOT_FOUND");
  });
});

describe("the request log", () => {
  it("shows the workspace's own calls unless the studio's are asked for; naming the studio's key shows them too", async () => {
    const made = await owner.api.developers.createKey({ workspaceId, name: "CRM", scope: "full" });
    const [internal] = await owner.api.developers.keys({ workspaceId });
    // The studio reads the balance with its own key, as its pages do.
    await owner.api.usage.quota({ workspaceId });
    const mine = await fetch(`${stack.app.url}/api/v1/me`, { headers: { "x-api-key": made.apiKey } });
    await flushRequestLog();
    const keysOf = (log: { rows: { keyName: string | null }[] }) => new Set(log.rows.map((row) => row.keyName));
    const own = await owner.api.developers.requests({ workspaceId });
    expect(own.rows.map((row) => row.requestId)).toContain(mine.headers.get("x-request-id"));
    expect(keysOf(own).has("Atrium studio (internal)")).toBe(false);
    const all = keysOf(await owner.api.developers.requests({ workspaceId, studioCalls: true }));
    expect([all.has("CRM"), all.has("Atrium studio (internal)")]).toEqual([true, true]);
    expect(keysOf(await owner.api.developers.requests({ workspaceId, keyId: internal.id }))).toEqual(new Set(["Atrium studio (internal)"]));
  });
});

describe("webhook endpoints", () => {
  it("creates an endpoint with a secret shown once, edits, rotates and deletes it, within the workspace only", async () => {
    const created = await owner.api.developers.createWebhook({ workspaceId, url: hook, eventTypes: ["job.completed"], description: "CRM" });
    expect(created.secret).toMatch(/^whsec_/);
    const { enabled, endpoints } = await owner.api.developers.webhooks({ workspaceId });
    expect(enabled).toBe(true);
    expect(endpoints).toEqual([
      expect.objectContaining({
        id: created.endpointId,
        url: hook,
        eventTypes: ["job.completed"],
        description: "CRM",
        createdBy: "Olivia",
      }),
    ]);
    expect(JSON.stringify(endpoints)).not.toContain(created.secret);

    expect(await codeOf(owner.api.developers.createWebhook({ workspaceId, url: "http://10.1.2.3/hook", eventTypes: ["job.failed"] }))).toBe(
      "BAD_REQUEST",
    );
    expect(
      await codeOf(owner.api.developers.createWebhook({ workspaceId, url: "https://127.0.0.1/hook", eventTypes: ["job.failed"] })),
    ).toBe("BAD_REQUEST");

    await owner.api.developers.updateWebhook({
      workspaceId,
      endpointId: created.endpointId,
      url: hook,
      eventTypes: ["job.completed", "job.failed"],
      description: "",
    });
    expect((await owner.api.developers.webhooks({ workspaceId, endpointId: created.endpointId })).endpoints[0].eventTypes).toEqual([
      "job.completed",
      "job.failed",
    ]);
    const rotated = await owner.api.developers.rotateWebhookSecret({ workspaceId, endpointId: created.endpointId, overlapHours: 24 });
    expect(rotated.secret).not.toBe(created.secret);

    expect(await codeOf(outsider.api.developers.deleteWebhook({ workspaceId: otherWorkspaceId, endpointId: created.endpointId }))).toBe(
      "NOT_FOUND",
    );
    expect(await codeOf(outsider.api.developers.deliveries({ workspaceId: otherWorkspaceId, endpointId: created.endpointId }))).toBe(
      "NOT_FOUND",
    );
    await owner.api.developers.deleteWebhook({ workspaceId, endpointId: created.endpointId });
    expect((await owner.api.developers.webhooks({ workspaceId })).endpoints).toEqual([]);
  });
});
