/**
 * The MCP server's check of an OAuth access token (it is the resource server): the token
 * must be one the authorization server issued and still holds (not expired, not revoked:
 * revocation deletes it), for this MCP server as its audience (RFC 8707: a token issued
 * for another resource is refused), of a connection that still works. What it grants is
 * that connection's key, with which the tools call the API.
 */
import "server-only";
import { and, eq, isNull, lt, or } from "drizzle-orm";
import { getDb } from "@/db/client";
import { connectedApps } from "@/db/schema";
import { decryptSecret } from "@/server/crypto/secret-box";
import type { KeyScope } from "@/shared/vocabulary";
import { findLiveConnection } from "./find-live-connection";
import { oauthProvider } from "./provider";
import { mcpResourceUrl } from "./urls";

export interface VerifiedAccessToken {
  connectionId: string;
  clientId: string;
  scope: KeyScope;
  /** When the token expires, in seconds since the epoch. */
  expiresAt: number;
  /** The connection's key, for the tools' API calls. */
  apiKey: string;
}

/** How often a connection's last use is written: the Connected apps list needs minutes, not every request. */
const LAST_USE_RESOLUTION_MS = 60_000;

const audiences = (aud: unknown) => (Array.isArray(aud) ? aud : [aud]);

export async function verifyAccessToken(token: string, now = new Date()): Promise<VerifiedAccessToken | null> {
  const accessToken = await oauthProvider().AccessToken.find(token);
  if (!accessToken || !audiences(accessToken.aud).includes(mcpResourceUrl())) return null;
  const connection = accessToken.accountId ? await findLiveConnection(accessToken.accountId) : null;
  if (!connection || connection.grantId !== accessToken.grantId) return null;
  const db = await getDb();
  await db
    .update(connectedApps)
    .set({ lastUsedAt: now })
    .where(
      and(
        eq(connectedApps.id, connection.id),
        or(isNull(connectedApps.lastUsedAt), lt(connectedApps.lastUsedAt, new Date(now.getTime() - LAST_USE_RESOLUTION_MS))),
      ),
    );
  return {
    connectionId: connection.id,
    clientId: accessToken.clientId!,
    scope: connection.scope,
    expiresAt: accessToken.exp!,
    apiKey: decryptSecret(connection.apiKeySealed),
  };
}
