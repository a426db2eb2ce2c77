import "server-only";
import { desc, eq } from "drizzle-orm";
import type { Tx } from "@/db/client";
import { accounts, apiKeys, webhookEndpoints } from "@/db/schema";
import { AppError } from "@/server/errors";
import { readQuotaUsage } from "../billing/quota";

/** An account as the admin command line shows it; never includes key hashes or webhook secrets. */
export async function showAccount(db: Tx, input: { accountId: string; now: Date }) {
  const [account] = await db.select().from(accounts).where(eq(accounts.id, input.accountId));
  if (!account) throw new AppError("not_found", "No such account.");
  const keys = await db
    .select({
      prefix: apiKeys.prefix,
      name: apiKeys.name,
      scope: apiKeys.scope,
      created_by: apiKeys.createdBy,
      held_by: apiKeys.heldBy,
      created_at: apiKeys.createdAt,
      expires_at: apiKeys.expiresAt,
      revoked_at: apiKeys.revokedAt,
    })
    .from(apiKeys)
    .where(eq(apiKeys.accountId, account.id))
    .orderBy(desc(apiKeys.createdAt));
  const webhooks = await db
    .select({
      endpoint_id: webhookEndpoints.id,
      url: webhookEndpoints.url,
      event_types: webhookEndpoints.eventTypes,
      disabled_at: webhookEndpoints.disabledAt,
    })
    .from(webhookEndpoints)
    .where(eq(webhookEndpoints.accountId, account.id))
    .orderBy(webhookEndpoints.createdAt);
  const usage = await readQuotaUsage(db, { accountId: account.id, now: input.now });
  return {
    account_id: account.id,
    name: account.name,
    plan: account.plan,
    balance: account.creditBalance,
    monthly_quota: account.monthlyQuota,
    quota_used_this_month: usage.month,
    quota_used_total: usage.total,
    webhook_endpoints: webhooks,
    keys,
  };
}
