/**
 * The MCP server at /api/mcp (Streamable HTTP, stateless: a fresh server per request).
 * Its tools are the SDK's (@atrium/sdk/mcp), run over the SDK client with the caller's
 * own key (an API key sent as the Bearer credential, or the key of the connected app an
 * OAuth access token stands for) against this deployment's /api/v1, so every tool call is
 * an ordinary v1 request: checked, limited, charged and logged as the HTTP API does it.
 */
import "server-only";
import { createAtriumClient } from "@atrium/sdk";
import { createAtriumMcpServer } from "@atrium/sdk/mcp";
import { createMcpHandler, hostHeaderValidationResponse, originValidationResponse } from "@modelcontextprotocol/server";
import { env } from "@/env";
import { storageOrigins } from "@/server/http/security-headers";
import { logError } from "@/server/log";
import { localStoreOrigin } from "@/server/storage/local-store-origin";
import { ownV1BaseUrl } from "@/server/v1/own-base-url";
import { mcpAllowedHostnames } from "./allowed-hosts";
import { authenticateBearer, type McpAuthInfo } from "./authenticate-bearer";

/** Tools that wait answer within the function's time (app/api/mcp/route.ts); a longer job is answered as still processing. */
export const MCP_WAIT_TIMEOUT_MS = 100_000;
/** How often a waiting tool reads its job: a read is cheap, and an assistant waits on it. */
export const MCP_POLL_INTERVAL_MS = 500;

/** Where outputs are served from, for the result view's CSP: the local store's links (APP_URL) or the bucket. */
function outputOrigins(): string[] {
  const local = env.S3_BUCKET ? [] : [new URL(localStoreOrigin(env)).origin];
  return [...local, ...storageOrigins()];
}

const handler = createMcpHandler(
  ({ authInfo }) =>
    createAtriumMcpServer(createAtriumClient({ baseUrl: ownV1BaseUrl(), apiKey: (authInfo as McpAuthInfo).extra.apiKey }), {
      wait: { intervalMs: MCP_POLL_INTERVAL_MS, timeoutMs: MCP_WAIT_TIMEOUT_MS },
      viewResourceDomains: outputOrigins(),
    }),
  { onerror: (error) => logError("[mcp]", error) },
);

export async function serveMcp(request: Request): Promise<Response> {
  const allowed = mcpAllowedHostnames();
  const refused = hostHeaderValidationResponse(request, allowed) ?? originValidationResponse(request, allowed);
  if (refused) return refused;
  const auth = await authenticateBearer(request);
  if (auth instanceof Response) return auth;
  return handler.fetch(request, { authInfo: auth });
}
