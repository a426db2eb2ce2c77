/**
 * Atrium in an AI assistant with a sign-in (issue 46), against the running app, with the
 * official MCP TypeScript SDK client's own OAuth support as the assistant and Chromium as
 * the person's browser:
 * - discovery from the 401, registration by Client ID Metadata Document (served over https
 *   on loopback, test/fixtures/tls) and by Dynamic Client Registration, the consent page
 *   (its client name, vouching host and redirect host; workspace and scope; Allow clicked
 *   twice makes one connection), the token, tools/list and a staging call charged to the
 *   chosen workspace; Developers → Connected apps lists it, Revoke (confirmed) ends it, and
 *   both are in the audit log; the consent page and Connected apps at 1280 and 390 px;
 * - the refusals: a token for another audience, an expired one, a revoked one, a code
 *   without its PKCE verifier, an unregistered redirect URI, a metadata document on a
 *   private address.
 */
import crypto from "node:crypto";
import http from "node:http";
import https from "node:https";
import { expect, test, type Page } from "@playwright/test";
import { loopbackTls } from "../../test/fixture-server";
import { clientMetadataDocument, connectWithOAuth, TestOAuthClient } from "../../test/mcp-oauth-client";
import { appDatabase } from "./db";
import { expectAccessible, snap, uniqueEmail } from "./helpers";
import { desktop, fitsPhones } from "./phone";
import { ownerOfWorkspace, roomBytes } from "./studio-api";

const password = "quiet harbour lanterns";
const FIXTURE_PORT = Number(process.env.E2E_FIXTURE_PORT ?? 3199);

test.describe.configure({ timeout: 240_000 });

/** The assistant's own pieces on this machine: its metadata document and a photo over https (the allowlisted fixture port), and its redirect URI. */
async function assistantServers() {
  const files = new Map<string, { body: Buffer | string; type: string }>();
  const fixtures = https.createServer(loopbackTls(), (req, res) => {
    const file = files.get(new URL(req.url ?? "/", "https://x").pathname);
    if (!file) return void res.writeHead(404).end();
    res.writeHead(200, { "content-type": file.type }).end(file.body);
  });
  await new Promise<void>((resolve) => fixtures.listen(FIXTURE_PORT, "127.0.0.1", resolve));
  const callback = http.createServer((_req, res) => res.writeHead(200, { "content-type": "text/plain" }).end("You can close this window."));
  await new Promise<void>((resolve) => callback.listen(0, "127.0.0.1", resolve));
  const redirectUrl = `http://127.0.0.1:${(callback.address() as { port: number }).port}/callback`;
  return {
    redirectUrl,
    serve: (pathname: string, body: Buffer | string, type: string) => (
      files.set(pathname, { body, type }),
      `https://127.0.0.1:${FIXTURE_PORT}${pathname}`
    ),
    close: async () => {
      for (const server of [fixtures, callback]) await new Promise((resolve) => (server.closeAllConnections(), server.close(resolve)));
    },
  };
}

/** The person at the consent page: checks what it shows, picks the workspace and scope, allows (twice), and returns the redirect's query. */
function consentIn(
  page: Page,
  choice: {
    workspace: string;
    scope: "Full access" | "Read only";
    expect: { name: string; host: string | RegExp; redirectHost: string };
    look?: string;
  },
) {
  return async (authorizationUrl: URL) => {
    await page.goto(authorizationUrl.href);
    await expect(page.getByRole("heading", { name: `Connect ${choice.expect.name} to Atrium?` })).toBeVisible();
    await expect(page.getByTestId("client-host")).toHaveText(choice.expect.host);
    await expect(page.getByTestId("redirect-host")).toHaveText(choice.expect.redirectHost);
    if (choice.look) {
      await expectAccessible(page, choice.look);
      await snap(page, choice.look);
      await fitsPhones(page, choice.look);
      await desktop(page);
    }
    await page.getByLabel("Workspace", { exact: true }).selectOption({ label: choice.workspace });
    await page.getByRole("radio", { name: new RegExp(choice.scope) }).check();
    await page.getByRole("button", { name: "Allow" }).dblclick();
    await page.waitForURL((url) => url.pathname === "/callback");
    return new URL(page.url()).searchParams;
  };
}

async function toolsList(baseURL: string, token: string): Promise<number> {
  const response = await fetch(`${baseURL}/api/mcp`, {
    method: "POST",
    headers: { authorization: `Bearer ${token}`, "content-type": "application/json", accept: "application/json, text/event-stream" },
    body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list", params: {} }),
  });
  return response.status;
}

test("an assistant signs in by its metadata document, stages a photo as the chosen workspace, and is revoked from Connected apps", async ({
  page,
  baseURL,
}) => {
  const servers = await assistantServers();
  const sql = appDatabase();
  try {
    const { workspace } = await ownerOfWorkspace(
      page,
      { name: "Cora Connect", email: uniqueEmail("oauth-owner"), password },
      "Harbor Lights Realty",
    );
    const clientId = servers.serve(
      "/assistant/client.json",
      clientMetadataDocument(`https://127.0.0.1:${FIXTURE_PORT}/assistant/client.json`, servers.redirectUrl, "Harbor Assistant"),
      "application/json",
    );
    const photoUrl = servers.serve("/room.jpg", await roomBytes("#d9d4c7"), "image/jpeg");

    const unauthorized = await fetch(`${baseURL}/api/mcp`, { method: "POST", headers: { "content-type": "application/json" }, body: "{}" });
    expect(unauthorized.status).toBe(401);
    expect(unauthorized.headers.get("www-authenticate")).toContain(
      `resource_metadata="${baseURL}/.well-known/oauth-protected-resource/api/mcp"`,
    );

    const provider = new TestOAuthClient(servers.redirectUrl, { clientMetadataUrl: clientId });
    const client = await connectWithOAuth(
      `${baseURL}/api/mcp`,
      provider,
      consentIn(page, {
        workspace: "Harbor Lights Realty",
        scope: "Full access",
        expect: { name: "Harbor Assistant", host: `127.0.0.1:${FIXTURE_PORT}`, redirectHost: new URL(servers.redirectUrl).host },
        look: "oauth-consent",
      }),
    );
    try {
      expect(provider.information?.client_id).toBe(clientId);
      expect((await client.listTools()).tools.map((tool) => tool.name)).toContain("stage_photo");
      const staged = await client.callTool({
        name: "stage_photo",
        arguments: { source_url: photoUrl, room_type: "living_room", redesign_type: "staging", style: "modern", fast: true },
      });
      expect(staged.isError, JSON.stringify(staged.content)).toBeFalsy();
      const jobId = (staged.structuredContent as { job_id: string }).job_id;
      const [job] = await sql<{ charged: boolean }[]>`
        select j.account_id::text = w.v1_account_id::text as charged from v1.job_groups j, studio.workspaces w where j.id = ${jobId}::uuid and w.id = ${workspace.id}::uuid`;
      expect(job.charged).toBe(true);
    } finally {
      await client.close();
    }
    const [{ connections }] = await sql<
      { connections: number }[]
    >`select count(*)::int as connections from studio.connected_apps where workspace_id = ${workspace.id}::uuid`;
    expect(connections, "Allow clicked twice makes one connection").toBe(1);

    await page.goto(`/w/${workspace.slug}/developers/connected-apps`);
    const row = page.getByTestId("connected-app");
    await expect(row).toHaveCount(1);
    await expect(row).toContainText("Harbor Assistant");
    await expect(row).toContainText(`Identified by 127.0.0.1:${FIXTURE_PORT}`);
    await expect(row).toContainText("Approved");
    await expect(row).toContainText("by Cora Connect");
    await expect(row).toContainText("Last used");
    await expectAccessible(page, "connected apps");
    await snap(page, "connected-apps");
    await fitsPhones(page, "connected-apps");
    await desktop(page);

    await row.getByRole("button", { name: "Revoke Harbor Assistant" }).click();
    const dialog = page.getByRole("dialog", { name: "Disconnect Harbor Assistant?" });
    await dialog.getByRole("button", { name: "Cancel" }).click();
    expect(await toolsList(baseURL!, provider.saved!.access_token)).toBe(200);
    await row.getByRole("button", { name: "Revoke Harbor Assistant" }).click();
    await dialog.getByRole("button", { name: "Revoke access" }).click();
    await expect(page.getByTestId("connected-app")).toHaveCount(0);
    expect(await toolsList(baseURL!, provider.saved!.access_token)).toBe(401);

    await page.goto(`/w/${workspace.slug}/settings/audit`);
    await expect(page.getByText("App connected (signed in with OAuth)")).toBeVisible();
    await expect(page.getByText("Connected app revoked")).toBeVisible();
  } finally {
    await sql.end();
    await servers.close();
  }
});

test("an assistant registers by DCR for read-only access; tokens for another audience, expired or revoked, a code without its verifier, an unknown redirect URI and a private metadata document are refused", async ({
  page,
  baseURL,
}) => {
  const servers = await assistantServers();
  const sql = appDatabase();
  try {
    await ownerOfWorkspace(page, { name: "Reid Readonly", email: uniqueEmail("oauth-reader"), password }, "Quiet Street Realty");
    const provider = new TestOAuthClient(servers.redirectUrl, { name: "Desk Assistant" });
    const client = await connectWithOAuth(
      `${baseURL}/api/mcp`,
      provider,
      consentIn(page, {
        workspace: "Quiet Street Realty",
        scope: "Read only",
        expect: { name: "Desk Assistant", host: /own registration/, redirectHost: new URL(servers.redirectUrl).host },
      }),
    );
    try {
      expect(provider.information?.client_id).not.toMatch(/^https:/);
      expect((await client.callTool({ name: "get_usage", arguments: {} })).isError).toBeFalsy();
    } finally {
      await client.close();
    }
    const token = provider.saved!.access_token;
    const tokenRow = crypto.createHash("sha256").update(token).digest("hex");
    expect(await toolsList(baseURL!, token)).toBe(200);
    const moved =
      await sql`update studio.oauth_records set payload = jsonb_set(payload, '{aud}', '"https://elsewhere.example/api/mcp"') where model = 'AccessToken' and id = ${tokenRow} returning id`;
    expect(moved, "the token's record").toHaveLength(1);
    expect(await toolsList(baseURL!, token), "another audience").toBe(401);
    await sql`update studio.oauth_records set payload = jsonb_set(payload, '{aud}', to_jsonb(${`${baseURL}/api/mcp`}::text)) where model = 'AccessToken' and id = ${tokenRow}`;
    expect(await toolsList(baseURL!, token)).toBe(200);
    await sql`update studio.oauth_records set payload = jsonb_set(payload, '{exp}', to_jsonb(${Math.floor(Date.now() / 1000) - 120}::int)) where model = 'AccessToken' and id = ${tokenRow}`;
    expect(await toolsList(baseURL!, token), "expired").toBe(401);

    const refreshed = await fetch(`${baseURL}/api/oauth/token`, {
      method: "POST",
      body: new URLSearchParams({
        grant_type: "refresh_token",
        refresh_token: provider.saved!.refresh_token!,
        client_id: provider.information!.client_id,
      }),
    });
    const fresh = (await refreshed.json()) as { access_token: string };
    expect(await toolsList(baseURL!, fresh.access_token)).toBe(200);
    await fetch(`${baseURL}/api/oauth/revoke`, {
      method: "POST",
      body: new URLSearchParams({ token: fresh.access_token, client_id: provider.information!.client_id }),
    });
    expect(await toolsList(baseURL!, fresh.access_token), "revoked").toBe(401);

    // A code exchanged without its PKCE verifier: the person approves in Chromium, the exchange leaves the verifier out.
    const verifier = crypto.randomBytes(32).toString("base64url");
    const authorize = (params: Record<string, string>) =>
      `${baseURL}/api/oauth/authorize?${new URLSearchParams({
        response_type: "code",
        client_id: provider.information!.client_id,
        redirect_uri: servers.redirectUrl,
        code_challenge: crypto.createHash("sha256").update(verifier).digest("base64url"),
        code_challenge_method: "S256",
        scope: "read_only",
        resource: `${baseURL}/api/mcp`,
        state: "raw",
        ...params,
      })}`;
    await page.goto(authorize({}));
    await page.getByLabel("Workspace", { exact: true }).selectOption({ label: "Quiet Street Realty" });
    await page.getByRole("button", { name: "Allow" }).click();
    await page.waitForURL((url) => url.pathname === "/callback");
    const code = new URL(page.url()).searchParams.get("code")!;
    const exchange = await fetch(`${baseURL}/api/oauth/token`, {
      method: "POST",
      body: new URLSearchParams({
        grant_type: "authorization_code",
        code,
        client_id: provider.information!.client_id,
        redirect_uri: servers.redirectUrl,
      }),
    });
    expect(exchange.status, "no PKCE verifier").toBe(400);

    await page.goto(authorize({ redirect_uri: `${servers.redirectUrl}/elsewhere` }));
    await expect(page.getByRole("heading", { name: "This sign-in cannot continue" })).toBeVisible();
    expect(new URL(page.url()).pathname).toBe("/api/oauth/authorize");
    await snap(page, "oauth-refused-redirect-uri");

    await page.goto(authorize({ client_id: `https://127.0.0.1:${FIXTURE_PORT + 1}/client.json`, redirect_uri: servers.redirectUrl }));
    await expect(page.getByText("invalid_client")).toBeVisible();
  } finally {
    await sql.end();
    await servers.close();
  }
});
