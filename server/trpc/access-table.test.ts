/**
 * Access control of every studio procedure, as one table. Each row says who may call the
 * procedure (a role, or a permission of the role table in shared/roles.ts) and which input
 * reaches it with workspace A's ids. The test walks the router, so a procedure added
 * without a row fails here. Then, for every row:
 *  - without a session: UNAUTHORIZED (public procedures excepted);
 *  - a member of A below the required role, or whose role lacks the permission, with A's ids: FORBIDDEN;
 *  - a person outside A, with A's ids: NOT_FOUND (A's existence is not revealed);
 *  - the owner of workspace B, with B's id and A's other ids: NOT_FOUND or FORBIDDEN;
 * and no row of any table changed while all that was refused.
 */
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { closeDb, getDb } from "@/db/client";
import { connectedApps, generationOutputs, generations, stagingBatches, webhookDeliveries, webhookEvents } from "@/db/schema";
import { createKey } from "@/server/v1/services/keys/create-key";
import { AGENT_GRANTABLE, hasPermission, roleAtLeast, type AgentGrant, type Permission } from "@/shared/roles";
import { WORKSPACE_ROLES, type WorkspaceRole } from "@/shared/vocabulary";
import { callerFor, codeOf, newPerson, type Caller } from "@/test/callers";
import { studioWithPhotos } from "@/test/fixtures";
import { appRouter } from "./root";

/** Workspace A's ids, as the rows' inputs take them. */
interface Ids {
  workspaceId: string;
  projectId: string;
  photoId: string;
  otherPhotoId: string;
  generationId: string;
  outputId: string;
  batchId: string;
  invitationId: string;
  memberUserId: string;
  keyId: string;
  endpointId: string;
  deliveryId: string;
  connectionId: string;
}

vi.hoisted(() => {
  process.env.V1_WEBHOOKS_ENABLED = "true";
});

type Input = (ids: Ids) => unknown;
/**
 * public: anyone. signedIn: any signed-in person, no workspace. A role: members of the
 * input's workspace with at least that role. permission: members whose role holds it in
 * A (no grants to agents). `ids`: the input names A's resources beyond its workspace, so
 * B's owner tries them through B.
 */
type Row =
  | { access: "public" }
  | { access: "signedIn" }
  | { access: WorkspaceRole; input: Input; ids?: true }
  | { access: "permission"; permission: Permission; input: Input; ids?: true };

const requestId = () => crypto.randomUUID();
const projectFields = {
  address: "1 Elsewhere Road",
  propertyType: "house",
  listingStatus: "active",
  listingType: "sale",
  price: 1,
  bedrooms: 1,
  bathrooms: 1,
  notes: "",
} as const;
const workspaceOnly: Input = ({ workspaceId }) => ({ workspaceId });
const ofProject: Input = ({ workspaceId, projectId }) => ({ workspaceId, projectId });
const ofPhoto: Input = ({ workspaceId, photoId }) => ({ workspaceId, photoId });
const ofGeneration: Input = ({ workspaceId, generationId }) => ({ workspaceId, generationId });
const ofBatch: Input = ({ workspaceId, batchId }) => ({ workspaceId, batchId });
const ofOutput: Input = ({ workspaceId, outputId }) => ({ workspaceId, outputId });
const ofEndpoint: Input = ({ workspaceId, endpointId }) => ({ workspaceId, endpointId });
// Loopback is allowed in tests only on the fixture port (test/setup-env.ts); nothing listens: nothing is sent.
const endpointFields = { url: `http://127.0.0.1:${process.env.FIXTURE_PORT}/hook`, eventTypes: ["job.completed" as const] };

const TABLE: Record<string, Row> = {
  "auth.signUp": { access: "public" },
  "auth.emailStatus": { access: "signedIn" },
  "auth.resendVerification": { access: "signedIn" },
  "auth.verifyEmail": { access: "public" },
  "auth.requestPasswordReset": { access: "public" },
  "auth.resetPassword": { access: "public" },
  "auth.signOutEverywhere": { access: "signedIn" },

  "workspaces.list": { access: "signedIn" },
  // Finds only the caller's own memberships (the access test covers a stranger's slug).
  "workspaces.bySlug": { access: "signedIn" },
  "workspaces.create": { access: "signedIn" },
  "workspaces.rename": { access: "admin", input: ({ workspaceId }) => ({ workspaceId, name: "Taken Over Realty" }) },
  "workspaces.delete": { access: "owner", input: ({ workspaceId }) => ({ workspaceId, confirmName: "A Realty" }) },
  "workspaces.connection": { access: "admin", input: workspaceOnly },
  "workspaces.agentGrants": { access: "agent", input: workspaceOnly },
  "workspaces.setAgentGrants": {
    access: "permission",
    permission: "grant_agent_permissions",
    input: ({ workspaceId }) => ({ workspaceId, grants: ["publish_listing"] }),
  },

  "members.list": { access: "agent", input: workspaceOnly },
  "members.credentials": { access: "admin", input: ({ workspaceId, memberUserId }) => ({ workspaceId, userId: memberUserId }), ids: true },
  "members.changeRole": {
    access: "admin",
    input: ({ workspaceId, memberUserId }) => ({ workspaceId, userId: memberUserId, role: "owner" }),
    ids: true,
  },
  "members.remove": { access: "admin", input: ({ workspaceId, memberUserId }) => ({ workspaceId, userId: memberUserId }), ids: true },

  "invitations.list": { access: "admin", input: workspaceOnly },
  "invitations.create": { access: "admin", input: ({ workspaceId }) => ({ workspaceId, role: "admin", requestId: requestId() }) },
  "invitations.revoke": { access: "admin", input: ({ workspaceId, invitationId }) => ({ workspaceId, invitationId }), ids: true },
  "invitations.preview": { access: "public" },
  // The token is the capability: accepting is for anyone signed in who holds it.
  "invitations.accept": { access: "signedIn" },

  "projects.list": { access: "agent", input: ({ workspaceId }) => ({ workspaceId, archived: false }) },
  "projects.get": { access: "agent", input: ofProject, ids: true },
  "projects.create": { access: "agent", input: ({ workspaceId }) => ({ workspaceId, fields: projectFields, requestId: requestId() }) },
  "projects.update": {
    access: "agent",
    input: ({ workspaceId, projectId }) => ({ workspaceId, projectId, fields: projectFields }),
    ids: true,
  },
  "projects.setArchived": {
    access: "admin",
    input: ({ workspaceId, projectId }) => ({ workspaceId, projectId, archived: true }),
    ids: true,
  },

  "photos.list": { access: "agent", input: ofProject, ids: true },
  "photos.prepareUploads": {
    access: "agent",
    input: ({ workspaceId, projectId }) => ({
      workspaceId,
      projectId,
      files: [{ fileName: "x.jpg", contentType: "image/jpeg", bytes: 1000 }],
    }),
    ids: true,
  },
  "photos.confirmUpload": {
    access: "agent",
    input: ({ workspaceId, projectId }) => ({
      workspaceId,
      projectId,
      key: `uploads/${workspaceId}/${projectId}/x.jpg`,
      fileName: "x.jpg",
    }),
    ids: true,
  },
  "photos.delete": { access: "agent", input: ofPhoto, ids: true },
  "photos.restore": { access: "agent", input: ofPhoto, ids: true },
  "photos.suggestKeptAreas": { access: "agent", input: ofPhoto, ids: true },
  "photos.keptAreas": { access: "agent", input: ofPhoto, ids: true },
  "photos.saveKeptAreas": {
    access: "agent",
    input: ({ workspaceId, photoId }) => ({ workspaceId, photoId, maskDataUrl: null, areas: [] }),
    ids: true,
  },

  "generations.list": { access: "agent", input: ofProject, ids: true },
  "generations.delete": { access: "agent", input: ofGeneration, ids: true },
  "generations.stage": {
    access: "agent",
    input: ({ workspaceId, projectId, photoId }) => ({
      workspaceId,
      projectId,
      photoId,
      requestId: requestId(),
      redesignType: "staging",
      roomType: "living_room",
      style: "modern",
      intensity: 0.6,
      fast: true,
    }),
    ids: true,
  },
  "generations.multiview": {
    access: "agent",
    input: ({ workspaceId, projectId, photoId, otherPhotoId }) => ({
      workspaceId,
      projectId,
      requestId: requestId(),
      anchorPhotoId: photoId,
      viewPhotoIds: [otherPhotoId],
      roomType: "living_room",
      style: "modern",
      intensity: 0.6,
    }),
    ids: true,
  },
  "generations.redoView": {
    access: "agent",
    input: ({ workspaceId, generationId }) => ({ workspaceId, generationId, viewIndex: 1 }),
    ids: true,
  },
  "generations.looksRight": { access: "agent", input: ofOutput, ids: true },
  "generations.redoReview": {
    access: "agent",
    input: ({ workspaceId, outputId }) => ({ workspaceId, outputId, requestId: requestId() }),
    ids: true,
  },
  "generations.inpaintUpscale": {
    access: "agent",
    input: ({ workspaceId, projectId, photoId }) => ({
      workspaceId,
      projectId,
      photoId,
      requestId: requestId(),
      maskDataUrl: "data:image/png;base64,iVBORw0KGgo=",
      inpaintingType: "remove",
    }),
    ids: true,
  },
  "generations.video": {
    access: "agent",
    input: ({ workspaceId, projectId, photoId }) => ({
      workspaceId,
      projectId,
      requestId: requestId(),
      mode: "zoom_in",
      image: { type: "photo", id: photoId },
    }),
    ids: true,
  },
  "generations.describe": {
    access: "agent",
    input: ({ workspaceId, projectId, photoId }) => ({
      workspaceId,
      projectId,
      requestId: requestId(),
      photoIds: [photoId],
      property: { propertyType: "house" },
    }),
    ids: true,
  },
  "generations.reviseDescription": {
    access: "agent",
    input: ({ workspaceId, generationId }) => ({ workspaceId, generationId, text: "Rewritten by a stranger." }),
    ids: true,
  },

  "exports.exportOutput": {
    access: "agent",
    input: ({ workspaceId, outputId }) => ({ workspaceId, outputId, disclosure: true }),
    ids: true,
  },
  "exports.shareLink": { access: "agent", input: ofProject, ids: true },
  // The token is the capability: the public disclosure page.
  "exports.share": { access: "public" },
  // The token is the capability: one image's disclosure page.
  "exports.imagePage": { access: "public" },

  "listings.show": { access: "agent", input: ofProject, ids: true },
  "listings.setPicks": {
    access: "agent",
    input: ({ workspaceId, projectId, outputId }) => ({ workspaceId, projectId, picks: [{ outputId, caption: "Taken" }] }),
    ids: true,
  },
  "listings.setDescription": {
    access: "agent",
    input: ({ workspaceId, projectId }) => ({ workspaceId, projectId, description: "Written by a stranger." }),
    ids: true,
  },
  // A fingerprint no draft has: whoever gets past the permission is refused by the verb (CONFLICT), changing nothing.
  "listings.publish": {
    access: "permission",
    permission: "publish_listing",
    input: ({ workspaceId, projectId }) => ({ workspaceId, projectId, reviewed: "not-the-draft", requestId: requestId() }),
    ids: true,
  },
  "listings.discard": {
    access: "agent",
    input: ({ workspaceId, projectId }) => ({ workspaceId, projectId, reviewed: "not-the-draft" }),
    ids: true,
  },
  "listings.unpublish": { access: "permission", permission: "unpublish_listing", input: ofProject, ids: true },

  "batches.list": { access: "agent", input: ofProject, ids: true },
  "batches.suggestRoomTypes": { access: "agent", input: ofProject, ids: true },
  "batches.start": {
    access: "agent",
    input: ({ workspaceId, projectId, photoId }) => ({
      workspaceId,
      projectId,
      requestId: requestId(),
      style: "modern",
      intensity: 0.6,
      photos: [{ photoId, roomType: "living_room" }],
    }),
    ids: true,
  },
  "batches.pause": { access: "agent", input: ofBatch, ids: true },
  "batches.resume": { access: "agent", input: ofBatch, ids: true },
  "batches.cancel": { access: "agent", input: ofBatch, ids: true },

  "usage.summary": { access: "agent", input: workspaceOnly },
  "usage.quota": { access: "agent", input: workspaceOnly },

  "usage.exportCsv": { access: "agent", input: workspaceOnly },

  "compliance.changeMap": { access: "agent", input: ofOutput, ids: true },
  "compliance.listingRemarks": { access: "agent", input: ofProject, ids: true },
  "compliance.ruleSet": { access: "agent", input: workspaceOnly },
  "compliance.setRuleSet": { access: "admin", input: ({ workspaceId }) => ({ workspaceId, ruleSetId: "california" }) },

  "audit.list": { access: "admin", input: workspaceOnly },
  "audit.exportCsv": { access: "admin", input: workspaceOnly },

  "billing.prices": { access: "public" },
  "billing.overview": { access: "agent", input: workspaceOnly },
  "billing.notice": { access: "agent", input: workspaceOnly },
  "billing.history": { access: "agent", input: workspaceOnly },
  "billing.invoices": { access: "owner", input: workspaceOnly },
  "billing.upgrade": { access: "owner", input: ({ workspaceId }) => ({ workspaceId, plan: "premium" }) },
  "billing.buyCredits": { access: "owner", input: ({ workspaceId }) => ({ workspaceId, credits: 500 }) },
  "billing.portal": { access: "owner", input: workspaceOnly },
  "billing.completeCheckout": { access: "owner", input: ({ workspaceId }) => ({ workspaceId, sessionId: "cs_test_a1b2c3d4e5f6g7h8" }) },
  "billing.setAutoTopUp": { access: "owner", input: ({ workspaceId }) => ({ workspaceId, enabled: false, threshold: 100, pack: 500 }) },
  "billing.setLowBalanceAlert": { access: "owner", input: ({ workspaceId }) => ({ workspaceId, threshold: 50 }) },

  "developers.keys": { access: "permission", permission: "manage_developers", input: workspaceOnly },
  "developers.createKey": {
    access: "permission",
    permission: "manage_developers",
    input: ({ workspaceId }) => ({ workspaceId, name: "stranger's", scope: "full" }),
  },
  "developers.rotateKey": {
    access: "permission",
    permission: "manage_developers",
    input: ({ workspaceId, keyId }) => ({ workspaceId, keyId, overlapHours: 24 }),
    ids: true,
  },
  "developers.revokeKey": {
    access: "permission",
    permission: "manage_developers",
    input: ({ workspaceId, keyId }) => ({ workspaceId, keyId }),
    ids: true,
  },
  "developers.connectedApps": { access: "permission", permission: "manage_developers", input: workspaceOnly },
  "developers.revokeConnectedApp": {
    access: "permission",
    permission: "manage_developers",
    input: ({ workspaceId, connectionId }) => ({ workspaceId, connectionId }),
    ids: true,
  },
  "developers.requests": {
    access: "permission",
    permission: "manage_developers",
    input: ({ workspaceId, keyId }) => ({ workspaceId, keyId }),
    ids: true,
  },
  "developers.webhooks": { access: "permission", permission: "manage_developers", input: ofEndpoint, ids: true },
  "developers.createWebhook": {
    access: "permission",
    permission: "manage_developers",
    input: ({ workspaceId }) => ({ workspaceId, ...endpointFields }),
  },
  "developers.updateWebhook": {
    access: "permission",
    permission: "manage_developers",
    input: ({ workspaceId, endpointId }) => ({ workspaceId, endpointId, ...endpointFields }),
    ids: true,
  },
  "developers.rotateWebhookSecret": {
    access: "permission",
    permission: "manage_developers",
    input: ({ workspaceId, endpointId }) => ({ workspaceId, endpointId, overlapHours: 24 }),
    ids: true,
  },
  "developers.deleteWebhook": { access: "permission", permission: "manage_developers", input: ofEndpoint, ids: true },
  "developers.enableWebhook": { access: "permission", permission: "manage_developers", input: ofEndpoint, ids: true },
  "developers.sendTestEvent": { access: "permission", permission: "manage_developers", input: ofEndpoint, ids: true },
  "developers.deliveries": { access: "permission", permission: "manage_developers", input: ofEndpoint, ids: true },
  "developers.redeliver": {
    access: "permission",
    permission: "manage_developers",
    input: ({ workspaceId, deliveryId }) => ({ workspaceId, deliveryId }),
    ids: true,
  },
};

type Procedures = Record<string, { _def: { type: "query" | "mutation" | "subscription" } }>;
const procedures = (appRouter._def as unknown as { procedures: Procedures }).procedures;

/** Calls a procedure by its dotted path, as a page would. */
function call(caller: Caller, path: string, input: unknown): Promise<unknown> {
  const fn = path.split(".").reduce<unknown>((node, key) => (node as Record<string, unknown>)[key], caller) as (
    input: unknown,
  ) => Promise<unknown>;
  return fn(input);
}

/** One digest per table of every schema but the migrations': equal digests, no row changed. */
async function digests(): Promise<Record<string, string>> {
  const db = await getDb();
  const tables = await db.execute<{ name: string }>(sql`
    select format('%I.%I', table_schema, table_name) as name from information_schema.tables
    where table_type = 'BASE TABLE' and table_schema not in ('pg_catalog', 'information_schema', 'drizzle') order by 1`);
  const result: Record<string, string> = {};
  for (const { name } of tables) {
    const [row] = await db.execute<{ digest: string }>(
      sql.raw(`select md5(coalesce(string_agg(t::text, '|' order by t::text), '')) as digest from ${name} t`),
    );
    result[name] = row.digest;
  }
  return result;
}

let ids: Ids;
let otherWorkspaceId: string;
const callers = {} as Record<"anonymous" | "owner" | "admin" | "agent" | "outsider", Caller>;

beforeAll(async () => {
  const owner = await studioWithPhotos("Avery", 2);
  const [admin, agent, outsider] = await Promise.all([newPerson("Adele"), newPerson("Agnes"), newPerson("Otto")]);
  const { workspaceId, projectId, photoIds } = owner;
  for (const [person, role] of [
    [admin, "admin"],
    [agent, "agent"],
  ] as const) {
    await person.api.invitations.accept({ token: (await owner.api.invitations.create({ workspaceId, role })).token });
  }
  const pending = await owner.api.invitations.create({ workspaceId, role: "agent", email: "pending@example.test" });
  otherWorkspaceId = (await outsider.api.workspaces.create({ name: "B Realty" })).id;

  const db = await getDb();
  const [generation] = await db
    .insert(generations)
    .values({ workspaceId, projectId, createdBy: owner.user.id, kind: "staging", status: "completed", photoId: photoIds[0] })
    .returning();
  const [output] = await db
    .insert(generationOutputs)
    .values({ generationId: generation.id, workspaceId, role: "staged", position: 0, status: "completed" })
    .returning();
  const batchId = crypto.randomUUID();
  await db.insert(stagingBatches).values({
    id: batchId,
    workspaceId,
    projectId,
    createdBy: owner.user.id,
    requestId: crypto.randomUUID(),
    style: "modern",
    intensity: 0.6,
    seed: 1,
    status: "paused",
  });

  const key = await owner.api.developers.createKey({ workspaceId, name: "CRM", scope: "full" });
  const endpoint = await owner.api.developers.createWebhook({ workspaceId, ...endpointFields, description: "CRM" });
  // A delivery as an event makes it, without sending anything (nothing runs behind the digests).
  const [{ accountId }] = await db.execute<{ accountId: string }>(
    sql`select v1_account_id as "accountId" from studio.workspaces where id = ${workspaceId}`,
  );
  const eventId = `evt_${crypto.randomUUID()}`;
  await db.insert(webhookEvents).values({ id: eventId, accountId, type: "job.completed", body: {} });
  const [delivery] = await db.insert(webhookDeliveries).values({ eventId, endpointId: endpoint.endpointId, status: "failed" }).returning();
  // A connected app as an approval makes it (server/studio/developers/decide-connected-app.ts), without its grant.
  const appKey = await createKey(db, {
    accountId,
    name: "Connected app: Assistant",
    scope: "read_only",
    createdBy: `user:${owner.user.id}`,
  });
  const connectionId = crypto.randomUUID();
  await db.insert(connectedApps).values({
    ...{ id: connectionId, workspaceId, userId: owner.user.id, clientId: "https://assistant.example/client.json", clientName: "Assistant" },
    ...{ redirectHost: "assistant.example", scope: "read_only", grantId: "no-grant", apiKeyId: appKey.id, apiKeySealed: "unused" },
  });
  ids = {
    ...{
      workspaceId,
      projectId,
      photoId: photoIds[0],
      otherPhotoId: photoIds[1],
      generationId: generation.id,
      outputId: output.id,
      batchId,
    },
    ...{
      invitationId: pending.id,
      memberUserId: agent.user.id,
      keyId: key.id,
      endpointId: endpoint.endpointId,
      deliveryId: delivery.id,
      connectionId,
    },
  };
  Object.assign(callers, {
    anonymous: await callerFor(null),
    owner: owner.api,
    admin: admin.api,
    agent: agent.api,
    outsider: outsider.api,
  });
}, 120_000);

afterAll(closeDb);

describe("every studio procedure's access", () => {
  it("has a row for every procedure of the router, and no row for one that is gone", () => {
    expect(Object.keys(procedures).filter((path) => !(path in TABLE))).toEqual([]);
    expect(Object.keys(TABLE).filter((path) => !(path in procedures))).toEqual([]);
  });

  it("refuses each caller below the row's access, and changes nothing", async () => {
    const before = await digests();
    expect(Object.keys(before)).toEqual(
      expect.arrayContaining(["studio.projects", "studio.generations", "v1.accounts", "v1.credit_ledger"]),
    );
    const wrong: string[] = [];
    const expectCode = async (path: string, who: string, promise: Promise<unknown>, allowed: string[]) => {
      const code = await codeOf(promise);
      if (!allowed.includes(code)) wrong.push(`${path} as ${who}: ${code}, expected ${allowed.join(" or ")}`);
    };

    for (const [path, row] of Object.entries(TABLE)) {
      if (row.access === "public") continue;
      const input = row.access === "signedIn" ? undefined : row.input(ids);
      await expectCode(path, "anonymous", call(callers.anonymous, path, input ?? {}), ["UNAUTHORIZED"]);
      if (row.access === "signedIn") continue;
      const refusedRoles = WORKSPACE_ROLES.filter((r) =>
        row.access === "permission" ? !hasPermission(r, row.permission) : !roleAtLeast(r, row.access as WorkspaceRole),
      );
      for (const role of refusedRoles as ("admin" | "agent")[]) {
        await expectCode(path, `${role} of A`, call(callers[role], path, row.input(ids)), ["FORBIDDEN"]);
      }
      await expectCode(path, "a stranger to A", call(callers.outsider, path, row.input(ids)), ["NOT_FOUND"]);
      if (row.ids)
        await expectCode(path, "B's owner through B", call(callers.outsider, path, row.input({ ...ids, workspaceId: otherWorkspaceId })), [
          "NOT_FOUND",
          "FORBIDDEN",
        ]);
    }

    expect(wrong).toEqual([]);
    const after = await digests();
    expect(Object.keys(after).filter((table) => after[table] !== before[table])).toEqual([]);
  }, 300_000);

  it("lets every role through a permission's rows exactly when the role table says so, with and without the owners' grants to agents", async () => {
    const wrong: string[] = [];
    for (const grants of [[], [...AGENT_GRANTABLE]] as AgentGrant[][]) {
      await callers.owner.workspaces.setAgentGrants({ workspaceId: ids.workspaceId, grants });
      for (const [path, row] of Object.entries(TABLE)) {
        // The switch itself is covered above; calling it here would change the grants under test.
        if (row.access !== "permission" || path === "workspaces.setAgentGrants") continue;
        for (const role of WORKSPACE_ROLES) {
          const code = await codeOf(call(callers[role], path, row.input(ids)));
          const allowed = hasPermission(role, row.permission, grants);
          if ((code === "FORBIDDEN") === allowed) wrong.push(`${path} as ${role} with grants [${grants.join(", ")}]: ${code}`);
        }
      }
    }
    await callers.owner.workspaces.setAgentGrants({ workspaceId: ids.workspaceId, grants: [] });
    expect(wrong).toEqual([]);
  }, 120_000);
});
