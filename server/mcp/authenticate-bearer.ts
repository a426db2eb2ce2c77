import "server-only";
import type { AuthInfo } from "@modelcontextprotocol/server";
import { getDb } from "@/db/client";
import { clientIp } from "@/server/auth/client-ip";
import { mcpResourceMetadataUrl } from "@/server/oauth/urls";
import { verifyAccessToken } from "@/server/oauth/verify-access-token";
import { countInvalidKey, invalidKeyRefusal } from "@/server/v1/http/invalid-key-limit";
import { authenticateKeyCached } from "@/server/v1/services/keys/key-cache";

/** How long the MCP SDK may treat a checked key as valid: one request, since every request is checked anew. */
const AUTH_INFO_SECONDS = 60;
const API_KEY_PREFIX = "idk_";

/** What a tool call runs as: the caller, and the API key the tools call the v1 API with (`extra.apiKey`). */
export type McpAuthInfo = AuthInfo & { extra: { apiKey: string } };

/**
 * The answer to a request without a valid credential. A 401 names the Protected Resource
 * Metadata (RFC 9728), from which an MCP client finds the authorization server and signs
 * in; a missing credential carries no error code (RFC 6750 §3.1).
 */
function challenge(status: 401 | 429, error: string | null, description: string, headers: Record<string, string> = {}): Response {
  if (status === 401) {
    const reason = error ? `, error="${error}", error_description="${description}"` : "";
    headers = { ...headers, "WWW-Authenticate": `Bearer resource_metadata="${mcpResourceMetadataUrl()}"${reason}` };
  }
  return Response.json({ error: error ?? "invalid_request", error_description: description }, { status, headers });
}

/**
 * The caller of /api/mcp, from `Authorization: Bearer <credential>`: an Atrium API key
 * (idk_…), checked as the v1 routes check it (the same cached lookup), or an OAuth access
 * token the app's authorization server issued for this MCP server (server/oauth), which
 * stands for its connected app's key. Wrong credentials of either kind count towards the
 * same per-address limit, so MCP is no way around it. The key goes on to the tools, which
 * call the API with it; plan, scope, quota and credits are the API's to enforce.
 */
export async function authenticateBearer(request: Request): Promise<McpAuthInfo | Response> {
  const match = request.headers.get("authorization")?.match(/^Bearer\s+(\S+)\s*$/i);
  if (!match) return challenge(401, null, "Sign in to Atrium (OAuth), or send an Atrium API key (idk_...) as Authorization: Bearer <key>.");
  const ip = clientIp(request.headers);
  const refusedFor = invalidKeyRefusal(ip);
  if (refusedFor !== null)
    return challenge(429, "rate_limited", "Too many invalid credentials came from your address.", { "Retry-After": String(refusedFor) });
  const credential = match[1];
  const db = await getDb();
  const caller = credential.startsWith(API_KEY_PREFIX) ? await asApiKey(credential) : await asAccessToken(credential);
  if (caller) return caller;
  const wait = await countInvalidKey(db, ip);
  if (wait !== null)
    return challenge(429, "rate_limited", "Too many invalid credentials came from your address.", { "Retry-After": String(wait) });
  return credential.startsWith(API_KEY_PREFIX)
    ? challenge(401, "invalid_token", "The API key is not valid.")
    : challenge(
        401,
        "invalid_token",
        "The access token is not valid: unknown, expired, revoked, or issued for another resource. Sign in again.",
      );
}

async function asApiKey(apiKey: string): Promise<McpAuthInfo | null> {
  const found = await authenticateKeyCached(await getDb(), apiKey);
  if (!found) return null;
  // The key's scope is named for the MCP SDK; the API enforces it when a tool calls it.
  return {
    token: apiKey,
    clientId: found.account.id,
    scopes: [found.key.scope],
    expiresAt: Math.floor(Date.now() / 1000) + AUTH_INFO_SECONDS,
    extra: { apiKey },
  };
}

async function asAccessToken(token: string): Promise<McpAuthInfo | null> {
  const verified = await verifyAccessToken(token);
  if (!verified) return null;
  return {
    token,
    clientId: verified.clientId,
    scopes: [verified.scope],
    expiresAt: verified.expiresAt,
    extra: { apiKey: verified.apiKey },
  };
}
