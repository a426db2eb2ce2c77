import "server-only";
import { env } from "@/env";
import { and, eq, isNull, ne, sql } from "drizzle-orm";
import type { Tx } from "@/db/client";
import { accounts, apiKeys, workspaces } from "@/db/schema";
import { createAccount } from "@/server/v1/services/accounts/create-account";
import { createKey } from "@/server/v1/services/keys/create-key";
import { grantCredits } from "@/server/v1/services/billing/grant-credits";
import { revokeKey } from "@/server/v1/services/keys/revoke-key";
import { encryptSecret } from "@/server/crypto/secret-box";
import { LOW_BALANCE_DEFAULT_THRESHOLD, planQuota } from "@/shared/plans";
import type { StudioContext } from "../context";
import { keyPrefix } from "./key-prefix";

/** api_keys.name of the key the studio itself calls with (listed as internal in the Developers section). */
const STUDIO_KEY_NAME = "Atrium studio";

export interface V1Credentials {
  v1AccountId: string | null;
  v1ApiKeyEncrypted: string | null;
  v1ApiKeyPrefix: string | null;
}

/**
 * The v1 credentials a new workspace starts with: its own account (never a key shared
 * with other workspaces) on the plan STUDIO_SIGNUP_PLAN names (shared/plans.ts; Free has
 * no quota until its creator confirmed their email), with the starter credits when
 * `starter` says its creator confirmed their email and had not had them yet
 * (server/studio/users/starter-credits.ts). That account lives in this same database,
 * which is the one place the studio creates service rows directly instead of calling
 * over HTTP (there is no key yet to call with).
 */
export async function provisionV1Account(
  ctx: Pick<StudioContext, "db">,
  workspaceName: string,
  creator: { starter: boolean; confirmed: boolean },
): Promise<V1Credentials> {
  const plan = env.STUDIO_SIGNUP_PLAN;
  const { accountId, apiKey } = await createAccount(
    { db: ctx.db },
    {
      name: `Studio: ${workspaceName}`,
      plan,
      quota: planQuota(plan, creator.confirmed),
      planSource: "signup",
      lowBalanceThreshold: LOW_BALANCE_DEFAULT_THRESHOLD,
      keyName: STUDIO_KEY_NAME,
      createdBy: "studio",
    },
  );
  if (creator.starter) await grantStarterCredits(ctx, accountId);
  return { v1AccountId: accountId, v1ApiKeyEncrypted: encryptSecret(apiKey), v1ApiKeyPrefix: keyPrefix(apiKey) };
}

/** The starter credits, once per person (their creator's claim is taken by the caller). */
export async function grantStarterCredits(ctx: Pick<StudioContext, "db">, v1AccountId: string): Promise<void> {
  await grantCredits(ctx.db, {
    accountId: v1AccountId,
    amount: env.STUDIO_STARTER_CREDITS,
    note: "starter credits (email confirmed)",
    source: "starter",
  });
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

/** An account created this long after its workspace (older code used two transactions) still counts as its own. */
const SAME_CREATION_WINDOW = "10 seconds";

/**
 * The account provisioned for a workspace whose link to it was lost (restore-provisioned-keys.ts):
 * made in the transaction that created the workspace, so with its `created_at` (or within
 * seconds of it), named "Studio: …" (the workspace's name at the time first), and linked
 * to no workspace. Null when none fits.
 */
export async function findProvisionedAccount(db: Tx, workspace: { name: string; createdAt: Date }): Promise<string | null> {
  const made = workspace.createdAt.toISOString();
  const [own] = await db
    .select({ id: accounts.id })
    .from(accounts)
    .where(
      and(
        sql`${accounts.name} like 'Studio: %'`,
        sql`${accounts.createdAt} between ${made}::timestamptz and ${made}::timestamptz + ${SAME_CREATION_WINDOW}::interval`,
        sql`not exists (select 1 from ${workspaces} where ${workspaces.v1AccountId} = ${accounts.id}::text)`,
      ),
    )
    .orderBy(sql`${accounts.name} = ${`Studio: ${workspace.name}`} desc`, sql`${accounts.createdAt} - ${made}::timestamptz`)
    .limit(1);
  return own?.id ?? null;
}

/** A fresh key for a provisioned account, as a workspace stores it. */
export async function issueProvisionedKey(db: Tx, accountId: string): Promise<V1Credentials & { prefix: string }> {
  const { apiKey, prefix } = await createKey(db, { accountId, name: STUDIO_KEY_NAME, createdBy: "studio" });
  return { v1AccountId: accountId, v1ApiKeyEncrypted: encryptSecret(apiKey), v1ApiKeyPrefix: keyPrefix(apiKey), prefix };
}

/** Revokes every live key of a provisioned account but `keep` (by the service's key prefix), as revokeProvisionedKeys does. */
export async function revokeOtherProvisionedKeys(ctx: Pick<StudioContext, "db" | "now">, accountId: string, keep: string): Promise<void> {
  const stale = await ctx.db
    .select({ prefix: apiKeys.prefix })
    .from(apiKeys)
    .where(and(eq(apiKeys.accountId, accountId), isNull(apiKeys.revokedAt), ne(apiKeys.prefix, keep)));
  for (const key of stale) await revokeKey(ctx.db, { prefix: key.prefix, now: ctx.now() });
}
