import "server-only";
import { and, desc, eq, isNull } from "drizzle-orm";
import { apiKeys, connectedApps } from "@/db/schema";
import type { KeyScope } from "@/shared/vocabulary";
import type { StudioContext } from "../context";
import { actorNames } from "./actor-names";
import { developerAccount, studioActor } from "./developer-account";

export interface ConnectedAppView {
  id: string;
  clientName: string;
  /** The host of the client's metadata document, when its id is a URL: who vouches for the name. */
  clientHost: string | null;
  redirectHost: string;
  scope: KeyScope;
  /** Who approved it. */
  approvedBy: string;
  createdAt: Date;
  /** The last time it called the MCP server or its key called the API. */
  lastUsedAt: Date | null;
  /** Its key's prefix, as the request log names its calls. */
  keyPrefix: string;
}

const hostOf = (clientId: string) => (URL.canParse(clientId) ? new URL(clientId).host : null);

/** How the audit log names a connected app: its name, and the host that vouches for it when there is one. */
export function connectedAppAuditTarget(app: { clientName: string; clientId: string }): string {
  const host = hostOf(app.clientId);
  return host ? `${app.clientName} (${host})` : app.clientName;
}

const later = (a: Date | null, b: Date | null) => (a && b ? (a > b ? a : b) : (a ?? b));

/** The workspace's working connected apps, newest first (Developers → Connected apps). */
export async function listConnectedApps(ctx: Pick<StudioContext, "db">, input: { workspaceId: string }): Promise<ConnectedAppView[]> {
  await developerAccount(ctx, input.workspaceId);
  const rows = await ctx.db
    .select({ app: connectedApps, keyPrefix: apiKeys.prefix, keyLastUsedAt: apiKeys.lastUsedAt })
    .from(connectedApps)
    .innerJoin(apiKeys, eq(apiKeys.id, connectedApps.apiKeyId))
    .where(and(eq(connectedApps.workspaceId, input.workspaceId), isNull(connectedApps.revokedAt)))
    .orderBy(desc(connectedApps.createdAt));
  const nameOf = await actorNames(ctx, { workspaceId: input.workspaceId, actors: rows.map(({ app }) => studioActor(app.userId)) });
  return rows.map(({ app, keyPrefix, keyLastUsedAt }) => ({
    id: app.id,
    clientName: app.clientName,
    clientHost: hostOf(app.clientId),
    redirectHost: app.redirectHost,
    scope: app.scope,
    approvedBy: nameOf(studioActor(app.userId)),
    createdAt: app.createdAt,
    lastUsedAt: later(app.lastUsedAt, keyLastUsedAt),
    keyPrefix,
  }));
}
