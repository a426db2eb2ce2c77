import type { Tx } from "@/db/client";
import type { AuthenticatedAccount } from "../keys/authenticate-key";
import { readQuotaUsage } from "../billing/quota";

/** The flat body of GET /me (D3): the quota and units consumed, net of returned units. */
export async function readMe(db: Tx, input: { account: AuthenticatedAccount; now: Date }) {
  const usage = await readQuotaUsage(db, { accountId: input.account.id, now: input.now });
  return {
    api_monthly_quota: input.account.monthlyQuota,
    api_total_completed: usage.total,
    api_completed_month: usage.month,
  };
}
