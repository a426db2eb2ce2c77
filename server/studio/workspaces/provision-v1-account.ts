import "server-only";
import { env } from "@/env";
import { and, eq, isNull } from "drizzle-orm";
import { apiKeys } from "@/db/schema";
import { createAccount } from "@/server/v1/services/accounts/create-account";
import { grantCredits } from "@/server/v1/services/billing/grant-credits";
import { revokeKey } from "@/server/v1/services/keys/revoke-key";
import { encryptSecret } from "@/server/crypto/secret-box";
import type { StudioContext } from "../context";
import { keyPrefix } from "./key-prefix";

export interface V1Credentials {
  v1AccountId: string | null;
  v1ApiKeyEncrypted: string | null;
  v1ApiKeyPrefix: string | null;
}

/**
 * The v1 credentials a new workspace starts with: its own business account (never a key
 * shared with other workspaces), with the starter credits when `starter` says its creator
 * confirmed their email and had not had them yet (server/studio/users/starter-credits.ts).
 * That account lives in this same database, which is the one place the studio creates
 * service rows directly instead of calling over HTTP (there is no key yet to call with).
 */
export async function provisionV1Account(ctx: Pick<StudioContext, "db">, workspaceName: string, starter: boolean): Promise<V1Credentials> {
  const { accountId, apiKey } = await createAccount(
    { db: ctx.db },
    {
      name: `Studio: ${workspaceName}`,
      plan: "business",
      credits: starter ? env.STUDIO_STARTER_CREDITS : 0,
      quota: 10_000,
      keyName: "Atrium studio",
      createdBy: "studio",
    },
  );
  return { v1AccountId: accountId, v1ApiKeyEncrypted: encryptSecret(apiKey), v1ApiKeyPrefix: keyPrefix(apiKey) };
}

/** The starter credits of a workspace created before its owner confirmed their email. */
export async function grantStarterCredits(ctx: Pick<StudioContext, "db">, v1AccountId: string): Promise<void> {
  await grantCredits(ctx.db, { accountId: v1AccountId, amount: env.STUDIO_STARTER_CREDITS, note: "starter credits (email confirmed)" });
}

/**
 * The counterpart when the workspace goes away: the live keys of the account provisioned
 * above are revoked in the same in-process way (the public API has no route for it
 * either), so nothing that copied one can keep spending the account's credits. Returns
 * how many were live.
 */
export async function revokeProvisionedKeys(ctx: Pick<StudioContext, "db" | "now">, accountId: string): Promise<number> {
  const live = await ctx.db
    .select({ prefix: apiKeys.prefix })
    .from(apiKeys)
    .where(and(eq(apiKeys.accountId, accountId), isNull(apiKeys.revokedAt)));
  for (const key of live) await revokeKey(ctx.db, { prefix: key.prefix, now: ctx.now() });
  return live.length;
}
