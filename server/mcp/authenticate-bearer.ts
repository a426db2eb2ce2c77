import "server-only";
import type { AuthInfo } from "@modelcontextprotocol/server";
import { getDb } from "@/db/client";
import { clientIp } from "@/server/auth/client-ip";
import { countInvalidKey, invalidKeyRefusal } from "@/server/v1/http/invalid-key-limit";
import { authenticateKeyCached } from "@/server/v1/services/keys/key-cache";

/** How long the MCP SDK may treat a checked key as valid: one request, since every request is checked anew. */
const AUTH_INFO_SECONDS = 60;

function challenge(status: 401 | 429, error: string, description: string, headers: Record<string, string> = {}): Response {
  if (status === 401) headers = { ...headers, "WWW-Authenticate": `Bearer realm="atrium", error="${error}", error_description="${description}"` };
  return Response.json({ error, error_description: description }, { status, headers });
}

/**
 * The caller of /api/mcp, from `Authorization: Bearer <API key>`: the key is checked as
 * the v1 routes check it (the same cached lookup, the same per-address limit on wrong
 * keys), so MCP is no way around either. The key itself goes on to the tools, which
 * call the API with it; plan, scope, quota and credits are the API's to enforce.
 */
export async function authenticateBearer(request: Request): Promise<AuthInfo | Response> {
  const match = request.headers.get("authorization")?.match(/^Bearer\s+(\S+)\s*$/i);
  if (!match) return challenge(401, "invalid_request", "Send an Atrium API key (idk_...) as Authorization: Bearer <key>.");
  const ip = clientIp(request.headers);
  const refusedFor = invalidKeyRefusal(ip);
  if (refusedFor !== null) return challenge(429, "rate_limited", "Too many invalid API keys came from your address.", { "Retry-After": String(refusedFor) });
  const db = await getDb();
  const found = await authenticateKeyCached(db, match[1]);
  if (!found) {
    const wait = await countInvalidKey(db, ip);
    if (wait !== null) return challenge(429, "rate_limited", "Too many invalid API keys came from your address.", { "Retry-After": String(wait) });
    return challenge(401, "invalid_token", "The API key is not valid.");
  }
  // The key's scope is named for the MCP SDK; the API enforces it when a tool calls it.
  return { token: match[1], clientId: found.account.id, scopes: [found.key.scope], expiresAt: Math.floor(Date.now() / 1000) + AUTH_INFO_SECONDS };
}
