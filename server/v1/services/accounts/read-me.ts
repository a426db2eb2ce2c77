import "server-only";
import { eq } from "drizzle-orm";
import type { Tx } from "@/db/client";
import { accounts } from "@/db/schema";
import type { AuthenticatedAccount } from "../keys/authenticate-key";
import { readQuotaUsage } from "../billing/quota";

/**
 * GET /me: the flat body (D3), the quota and units consumed net of returned units, and
 * for its headers (D14) the credit balance and plan as they are now. The account of a
 * read may come from the key cache, up to a minute old; a balance that lags a charge
 * would mislead, so those two are read fresh.
 */
export async function readMe(db: Tx, input: { account: AuthenticatedAccount; now: Date }) {
  const [usage, [current]] = await Promise.all([
    readQuotaUsage(db, { accountId: input.account.id, now: input.now }),
    db.select({ creditBalance: accounts.creditBalance, plan: accounts.plan }).from(accounts).where(eq(accounts.id, input.account.id)),
  ]);
  return {
    body: {
      api_monthly_quota: input.account.monthlyQuota,
      api_total_completed: usage.total,
      api_completed_month: usage.month,
    },
    creditBalance: current?.creditBalance ?? input.account.creditBalance,
    plan: current?.plan ?? input.account.plan,
  };
}
