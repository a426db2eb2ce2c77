/**
 * Signing in to Atrium from an AI assistant (OAuth for the MCP server, server/oauth):
 * the authorization server's own records, and the connected apps people approved.
 */
import { sql } from "drizzle-orm";
import { check, index, jsonb, primaryKey, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { KEY_SCOPES, type KeyScope } from "../../shared/vocabulary";
import { createdAt, inList } from "./columns";
import { studio, users, workspaces } from "./studio";
import { apiKeys } from "./v1";

const instant = (name: string) => timestamp(name, { withTimezone: true, mode: "date" });

/**
 * What the authorization server library (oidc-provider) keeps: clients registered by
 * Dynamic Client Registration, interactions, sessions, grants, codes and tokens, one row
 * per model and id (server/oauth/records-adapter.ts). Codes and tokens are stored by the
 * SHA-256 hash of their value, never the value. Expired rows are never read and are
 * deleted by the daily sweep.
 */
export const oauthRecords = studio.table(
  "oauth_records",
  {
    model: text("model").notNull(),
    id: text("id").notNull(),
    payload: jsonb("payload").$type<Record<string, unknown>>().notNull(),
    /** The grant a code or token stems from: revoking the grant deletes them all at once. */
    grantId: text("grant_id"),
    /** A session's fixed uid, which interactions refer to. */
    uid: text("uid"),
    expiresAt: instant("expires_at"),
    consumedAt: instant("consumed_at"),
  },
  (t) => [
    primaryKey({ columns: [t.model, t.id] }),
    index("oauth_records_grant_idx").on(t.grantId),
    index("oauth_records_uid_idx").on(t.model, t.uid),
    index("oauth_records_expires_idx").on(t.expiresAt),
  ],
);

/**
 * An AI assistant a member let act for a workspace (Developers → Connected apps). Its
 * tokens call the MCP server, whose tools call the v1 API with this connection's own key
 * (scope as chosen, charged to the workspace), so the API checks, limits and logs them
 * like any key. Revoking the connection revokes the key and every token of its grant.
 */
export const connectedApps = studio.table(
  "connected_apps",
  {
    /** Also the authorization server's account id for the grant (its tokens' `sub`). */
    id: uuid("id").primaryKey(),
    workspaceId: uuid("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    /** Who approved it: their leaving the workspace, or losing developer access, revokes it. */
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** The OAuth client: an https URL (a Client ID Metadata Document) or an id given by registration. */
    clientId: text("client_id").notNull(),
    clientName: text("client_name").notNull(),
    /** Where the person's browser was sent back to, as shown on the consent page. */
    redirectHost: text("redirect_host").notNull(),
    scope: text("scope").$type<KeyScope>().notNull(),
    /** The authorization server's grant: its codes and tokens. */
    grantId: text("grant_id").notNull(),
    apiKeyId: uuid("api_key_id")
      .notNull()
      .references(() => apiKeys.id, { onDelete: "cascade" }),
    /** The key, sealed (server/crypto/secret-box.ts): the MCP server calls the API with it. */
    apiKeySealed: text("api_key_sealed").notNull(),
    createdAt: createdAt(),
    /** Written at most once a minute, by the MCP server when a token is used. */
    lastUsedAt: instant("last_used_at"),
    revokedAt: instant("revoked_at"),
  },
  (t) => [
    index("connected_apps_workspace_idx").on(t.workspaceId, t.createdAt),
    index("connected_apps_user_idx").on(t.userId),
    check("connected_apps_scope_known", sql`${t.scope} in (${inList(KEY_SCOPES)})`),
  ],
);
