/**
 * Signing in to the MCP server with OAuth, against the app's route handlers, with the
 * official MCP TypeScript SDK client's own auth support (test/mcp-oauth-client.ts): the
 * 401 names the Protected Resource Metadata, the client finds the authorization server,
 * registers by Client ID Metadata Document (https, served by the fixture server) or by
 * Dynamic Client Registration, the person approves (the consent form's verb, with the
 * browser's cookies), and the tools run as the chosen workspace with the chosen scope.
 * Then everything that must be refused is: another audience, an expired or revoked token,
 * a missing PKCE verifier, an unregistered redirect URI, a metadata document on a private
 * address, a token of a member who left. (The consent page itself: e2e/app/mcp-oauth.spec.ts.)
 */
import crypto from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/db/client";
import { auditEvents, connectedApps, jobGroups, oauthRecords, workspaces } from "@/db/schema";
import { v1Functions } from "@/inngest/functions/v1";
import { createStudioContext } from "@/server/studio/context";
import { decideConnectedApp, type ConnectedAppDecision } from "@/server/studio/developers/decide-connected-app";
import { listConnectedApps } from "@/server/studio/developers/list-connected-apps";
import { revokeConnectedApp } from "@/server/studio/developers/revoke-connected-app";
import { useAppStack } from "@/test/app-stack";
import { newPerson } from "@/test/callers";
import { roomPhoto } from "@/test/images";
import { clientMetadataDocument, connectWithOAuth, TestOAuthClient } from "@/test/mcp-oauth-client";
import { CookieJar, walkAuthorization } from "@/test/oauth-browser";

const stack = useAppStack({ functions: v1Functions, fixtures: "https" });
const REDIRECT = "http://127.0.0.1:9/callback";
let photoUrl: string;
let owner: Awaited<ReturnType<typeof newPerson>>;
let workspaceId: string;

beforeAll(async () => {
  photoUrl = stack.fixtures.serve("/room.jpg", await roomPhoto(160, 120));
  owner = await newPerson("Olive");
  workspaceId = (await owner.api.workspaces.create({ name: "Olive Realty" })).id;
});

const mcpUrl = () => `${stack.app.url}/api/mcp`;

/** The person's answer on the consent page, as the form posts it (in a browser of its own, or in `jar`'s). */
function approve(userId: string, answer: ConnectedAppDecision, jar = new CookieJar()) {
  return async (authorizationUrl: URL) =>
    walkAuthorization(
      authorizationUrl,
      stack.app.url,
      async ({ uid, cookie }) => {
        const { redirectTo } = await decideConnectedApp(await createStudioContext(), { uid, cookie, userId, answer });
        return redirectTo;
      },
      jar,
    );
}

async function rawMcp(token: string): Promise<Response> {
  return fetch(mcpUrl(), {
    method: "POST",
    headers: { authorization: `Bearer ${token}`, "content-type": "application/json", accept: "application/json, text/event-stream" },
    body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list", params: {} }),
  });
}

describe("OAuth for the MCP server", () => {
  it("answers 401 naming the resource metadata, which names this app's authorization server (RFC 9728, RFC 8414)", async () => {
    const anonymous = await fetch(mcpUrl(), { method: "POST", headers: { "content-type": "application/json" }, body: "{}" });
    expect(anonymous.status).toBe(401);
    const metadataUrl = anonymous.headers.get("www-authenticate")!.match(/resource_metadata="([^"]+)"/)![1];
    expect(metadataUrl).toBe(`${stack.app.url}/.well-known/oauth-protected-resource/api/mcp`);
    const resource = await (await fetch(metadataUrl)).json();
    expect(resource).toMatchObject({ resource: mcpUrl(), authorization_servers: [stack.app.url], scopes_supported: ["full", "read_only"] });
    expect(await (await fetch(`${stack.app.url}/.well-known/oauth-protected-resource`)).json()).toEqual(resource);
    const server = await (await fetch(`${stack.app.url}/.well-known/oauth-authorization-server`)).json();
    expect(server).toMatchObject({
      issuer: stack.app.url,
      code_challenge_methods_supported: ["S256"],
      response_types_supported: ["code"],
      grant_types_supported: ["authorization_code", "refresh_token"],
      client_id_metadata_document_supported: true,
      registration_endpoint: `${stack.app.url}/api/oauth/register`,
      revocation_endpoint: `${stack.app.url}/api/oauth/revoke`,
    });
  });

  it("registers by DCR, is approved for a workspace with full access, lists the tools and stages a photo charged to that workspace", async () => {
    const provider = new TestOAuthClient(REDIRECT, { name: "Claude (test)" });
    const client = await connectWithOAuth(mcpUrl(), provider, approve(owner.user.id, { decision: "approve", workspaceId, scope: "full" }));
    expect(provider.information?.client_id).not.toMatch(/^https:/);
    expect(provider.saved).toMatchObject({
      token_type: expect.stringMatching(/bearer/i),
      expires_in: 3600,
      scope: expect.stringContaining("full"),
    });
    expect(provider.saved?.refresh_token).toBeTruthy();
    try {
      const { tools } = await client.listTools();
      expect(tools.map((tool) => tool.name)).toContain("stage_photo");
      const staged = await client.callTool({
        name: "stage_photo",
        arguments: { source_url: photoUrl, room_type: "living_room", redesign_type: "staging", style: "modern", fast: true },
      });
      expect(staged.isError).toBeFalsy();
      const jobId = (staged.structuredContent as { job_id: string }).job_id;
      const db = await getDb();
      const [workspace] = await db.select({ accountId: workspaces.v1AccountId }).from(workspaces).where(eq(workspaces.id, workspaceId));
      const [job] = await db.select({ accountId: jobGroups.accountId }).from(jobGroups).where(eq(jobGroups.id, jobId));
      expect(job.accountId).toBe(workspace.accountId);
    } finally {
      await client.close();
    }
    const [listed] = await listConnectedApps(await createStudioContext(), { workspaceId });
    expect(listed).toMatchObject({
      clientName: "Claude (test)",
      clientHost: null,
      redirectHost: "127.0.0.1:9",
      scope: "full",
      approvedBy: "Olive",
      lastUsedAt: expect.any(Date),
    });
    const db = await getDb();
    const audit = await db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.workspaceId, workspaceId), eq(auditEvents.action, "connected_app_approved")));
    expect(audit).toEqual([
      expect.objectContaining({ actorUserId: owner.user.id, target: "Claude (test)", detail: expect.objectContaining({ scope: "full" }) }),
    ]);
  });

  it("registers by Client ID Metadata Document, shows its host, and a read-only grant cannot stage", async () => {
    const clientId = stack.fixtures.url("/assistant/client.json");
    stack.fixtures.serve("/assistant/client.json", clientMetadataDocument(clientId, REDIRECT, "Metadata Assistant"), "application/json");
    const provider = new TestOAuthClient(REDIRECT, { clientMetadataUrl: clientId });
    const client = await connectWithOAuth(
      mcpUrl(),
      provider,
      approve(owner.user.id, { decision: "approve", workspaceId, scope: "read_only" }),
    );
    expect(provider.information?.client_id).toBe(clientId);
    expect(provider.saved?.scope?.split(" ")).toContain("read_only");
    expect(provider.saved?.scope?.split(" ")).not.toContain("full");
    try {
      expect((await client.callTool({ name: "get_usage", arguments: {} })).isError).toBeFalsy();
      const refused = await client.callTool({
        name: "stage_photo",
        arguments: { source_url: photoUrl, room_type: "living_room", redesign_type: "staging", style: "modern", fast: true },
      });
      expect(JSON.stringify(refused.content)).toContain("insufficient_scope");
    } finally {
      await client.close();
    }
    const apps = await listConnectedApps(await createStudioContext(), { workspaceId });
    expect(apps.find((app) => app.clientName === "Metadata Assistant")).toMatchObject({
      clientHost: new URL(clientId).host,
      scope: "read_only",
    });
  });

  it("signs in a second app in the same browser (whose earlier sign-in left its cookies)", async () => {
    const browser = new CookieJar();
    const first = new TestOAuthClient(REDIRECT, { name: "First in browser" });
    await (
      await connectWithOAuth(mcpUrl(), first, approve(owner.user.id, { decision: "approve", workspaceId, scope: "full" }, browser))
    ).close();
    const second = new TestOAuthClient(REDIRECT, { name: "Second in browser" });
    await (
      await connectWithOAuth(mcpUrl(), second, approve(owner.user.id, { decision: "approve", workspaceId, scope: "read_only" }, browser))
    ).close();
    expect((await rawMcp(first.saved!.access_token)).status).toBe(200);
    expect((await rawMcp(second.saved!.access_token)).status).toBe(200);
  });

  it("refuses a token issued for another audience, an expired one and a revoked one", async () => {
    const provider = new TestOAuthClient(REDIRECT);
    const client = await connectWithOAuth(mcpUrl(), provider, approve(owner.user.id, { decision: "approve", workspaceId, scope: "full" }));
    await client.close();
    const token = provider.saved!.access_token;
    expect((await rawMcp(token)).status).toBe(200);
    const db = await getDb();
    const id = crypto.createHash("sha256").update(token).digest("hex");
    const row = and(eq(oauthRecords.model, "AccessToken"), eq(oauthRecords.id, id));

    await db
      .update(oauthRecords)
      .set({ payload: sql`jsonb_set(${oauthRecords.payload}, '{aud}', '"https://elsewhere.example/api/mcp"')` })
      .where(row);
    const elsewhere = await rawMcp(token);
    expect(elsewhere.status).toBe(401);
    expect(elsewhere.headers.get("www-authenticate")).toMatch(/error="invalid_token"/);
    await db
      .update(oauthRecords)
      .set({ payload: sql`jsonb_set(${oauthRecords.payload}, '{aud}', to_jsonb(${mcpUrl()}::text))` })
      .where(row);
    expect((await rawMcp(token)).status).toBe(200);

    // Past the provider's clock tolerance (15 s).
    const past = Math.floor(Date.now() / 1000) - 120;
    await db
      .update(oauthRecords)
      .set({ payload: sql`jsonb_set(${oauthRecords.payload}, '{exp}', to_jsonb(${past}::int))` })
      .where(row);
    expect((await rawMcp(token)).status).toBe(401);

    const second = new TestOAuthClient(REDIRECT);
    await (await connectWithOAuth(mcpUrl(), second, approve(owner.user.id, { decision: "approve", workspaceId, scope: "full" }))).close();
    const live = second.saved!.access_token;
    const revoked = await fetch(`${stack.app.url}/api/oauth/revoke`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ token: live, client_id: second.information!.client_id }),
    });
    expect(revoked.status).toBe(200);
    expect((await rawMcp(live)).status).toBe(401);
  });

  it("rotates refresh tokens, and revoking the connected app ends its tokens, its refresh token and its key", async () => {
    const provider = new TestOAuthClient(REDIRECT, { name: "Rotating" });
    await (await connectWithOAuth(mcpUrl(), provider, approve(owner.user.id, { decision: "approve", workspaceId, scope: "full" }))).close();
    const { refresh_token: first } = provider.saved!;
    const refresh = (token: string) =>
      fetch(`${stack.app.url}/api/oauth/token`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ grant_type: "refresh_token", refresh_token: token, client_id: provider.information!.client_id }),
      });
    const rotated = await refresh(first!);
    expect(rotated.status).toBe(200);
    const next = await rotated.json();
    expect(next.refresh_token).not.toBe(first);
    expect((await rawMcp(next.access_token)).status).toBe(200);
    // A rotated refresh token is spent: replaying it is refused.
    expect((await refresh(first!)).status).toBe(400);

    const ctx = await createStudioContext();
    const app = (await listConnectedApps(ctx, { workspaceId })).find((candidate) => candidate.clientName === "Rotating")!;
    await revokeConnectedApp(ctx, { workspaceId, userId: owner.user.id, connectionId: app.id });
    expect((await rawMcp(next.access_token)).status).toBe(401);
    expect((await refresh(next.refresh_token)).status).toBe(400);
    const db = await getDb();
    const [row] = await db.select({ revokedAt: connectedApps.revokedAt }).from(connectedApps).where(eq(connectedApps.id, app.id));
    expect(row.revokedAt).toBeInstanceOf(Date);
    const audit = await db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.workspaceId, workspaceId), eq(auditEvents.action, "connected_app_revoked")));
    expect(audit.map((event) => event.target)).toContain("Rotating");
  });

  it("revokes what a member connected when they are removed", async () => {
    const admin = await newPerson("Adam");
    await admin.api.invitations.accept({ token: (await owner.api.invitations.create({ workspaceId, role: "admin" })).token });
    const provider = new TestOAuthClient(REDIRECT, { name: "Adam's assistant" });
    await (await connectWithOAuth(mcpUrl(), provider, approve(admin.user.id, { decision: "approve", workspaceId, scope: "full" }))).close();
    expect((await rawMcp(provider.saved!.access_token)).status).toBe(200);
    await owner.api.members.remove({ workspaceId, userId: admin.user.id, credentials: "hand_over" });
    expect((await rawMcp(provider.saved!.access_token)).status).toBe(401);
    expect((await listConnectedApps(await createStudioContext(), { workspaceId })).map((app) => app.clientName)).not.toContain(
      "Adam's assistant",
    );
  });

  it("refuses an approval for a workspace where the person may not manage developer access, and a denial reaches the app", async () => {
    const agent = await newPerson("Agatha");
    await agent.api.invitations.accept({ token: (await owner.api.invitations.create({ workspaceId, role: "agent" })).token });
    const provider = new TestOAuthClient(REDIRECT);
    await expect(
      connectWithOAuth(mcpUrl(), provider, approve(agent.user.id, { decision: "approve", workspaceId, scope: "full" })),
    ).rejects.toThrow(/Only owners and admins/);
    const denied = new TestOAuthClient(REDIRECT);
    await expect(connectWithOAuth(mcpUrl(), denied, approve(owner.user.id, { decision: "deny" }))).rejects.toThrow();
  });
});

describe("the authorization endpoint and token endpoint refuse", () => {
  async function registered(redirect = REDIRECT): Promise<string> {
    const response = await fetch(`${stack.app.url}/api/oauth/register`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        client_name: "Raw",
        redirect_uris: [redirect],
        token_endpoint_auth_method: "none",
        grant_types: ["authorization_code", "refresh_token"],
        response_types: ["code"],
      }),
    });
    return (await response.json()).client_id;
  }

  const verifier = crypto.randomBytes(32).toString("base64url");
  const challenge = crypto.createHash("sha256").update(verifier).digest("base64url");
  const authorize = (params: Record<string, string>) =>
    `${stack.app.url}/api/oauth/authorize?${new URLSearchParams({ response_type: "code", code_challenge: challenge, code_challenge_method: "S256", scope: "full", resource: mcpUrl(), state: "s", ...params })}`;

  it("no desktop app for its own redirect scheme (Cursor's cursor://…): it registers as a native client and gets its code there; a web client may not use one", async () => {
    const cursor = "cursor://anysphere.cursor-mcp/oauth/callback";
    const clientId = await registered(cursor);
    expect(clientId).toEqual(expect.any(String));
    const query = await walkAuthorization(
      authorize({ client_id: clientId, redirect_uri: cursor }),
      stack.app.url,
      async ({ uid, cookie }) => {
        return (
          await decideConnectedApp(await createStudioContext(), {
            uid,
            cookie,
            userId: owner.user.id,
            answer: { decision: "approve", workspaceId, scope: "read_only" },
          })
        ).redirectTo;
      },
    );
    expect(query.get("code"), query.toString()).toBeTruthy();
    const web = await fetch(`${stack.app.url}/api/oauth/register`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ client_name: "Web", application_type: "web", redirect_uris: [cursor], token_endpoint_auth_method: "none" }),
    });
    expect(web.status).toBe(400);
  });

  it("a code exchanged without its PKCE verifier", async () => {
    const clientId = await registered();
    const query = await walkAuthorization(
      authorize({ client_id: clientId, redirect_uri: REDIRECT }),
      stack.app.url,
      async ({ uid, cookie }) => {
        return (
          await decideConnectedApp(await createStudioContext(), {
            uid,
            cookie,
            userId: owner.user.id,
            answer: { decision: "approve", workspaceId, scope: "full" },
          })
        ).redirectTo;
      },
    );
    const code = query.get("code")!;
    const token = (extra: Record<string, string>) =>
      fetch(`${stack.app.url}/api/oauth/token`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({
          grant_type: "authorization_code",
          code,
          client_id: clientId,
          redirect_uri: REDIRECT,
          resource: mcpUrl(),
          ...extra,
        }),
      });
    const withoutVerifier = await token({});
    expect(withoutVerifier.status).toBe(400);
    expect(await withoutVerifier.json()).toMatchObject({ error: expect.stringMatching(/invalid_grant|invalid_request/) });
  });

  it("a redirect URI the client never registered, without redirecting to it", async () => {
    const clientId = await registered();
    const response = await fetch(authorize({ client_id: clientId, redirect_uri: "http://127.0.0.1:9/elsewhere" }), { redirect: "manual" });
    expect(response.status).toBe(400);
    expect(response.headers.get("location")).toBeNull();
    expect(await response.text()).toContain("redirect_uri");
  });

  it("plain PKCE and a missing code challenge", async () => {
    const clientId = await registered();
    const plain = await fetch(
      authorize({ client_id: clientId, redirect_uri: REDIRECT, code_challenge: verifier, code_challenge_method: "plain" }),
      { redirect: "manual" },
    );
    expect(new URL(plain.headers.get("location")!).searchParams.get("error")).toBe("invalid_request");
    const url = new URL(authorize({ client_id: clientId, redirect_uri: REDIRECT }));
    url.searchParams.delete("code_challenge");
    url.searchParams.delete("code_challenge_method");
    const missing = await fetch(url, { redirect: "manual" });
    expect(new URL(missing.headers.get("location")!).searchParams.get("error")).toBe("invalid_request");
  });

  it("tokens for a resource other than the MCP server", async () => {
    const clientId = await registered();
    const response = await fetch(authorize({ client_id: clientId, redirect_uri: REDIRECT, resource: `${stack.app.url}/api/v1` }), {
      redirect: "manual",
    });
    expect(new URL(response.headers.get("location")!).searchParams.get("error")).toBe("invalid_target");
  });

  it("a client metadata document on a private address, never fetched", async () => {
    for (const clientId of [`https://127.0.0.1:${Number(process.env.FIXTURE_PORT) + 1}/client.json`, "https://localhost/client.json"]) {
      const response = await fetch(authorize({ client_id: clientId, redirect_uri: REDIRECT }), { redirect: "manual" });
      expect(response.status, clientId).toBe(400);
      expect(response.headers.get("location")).toBeNull();
      expect(await response.text()).toContain("invalid_client");
    }
  });
});
