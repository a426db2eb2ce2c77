/** The balance under which a workspace's owners are mailed once per crossing; null turns the mail off. In the audit log. */
import "server-only";
import type { Database } from "@/db/client";
import { setBalanceThresholds } from "@/server/v1/services/accounts/set-balance-thresholds";
import { recordBillingAudit, type BillingActor } from "./billing-audit";
import { workspaceAccount } from "./workspace-account";

export async function setLowBalanceAlert(
  ctx: { db: Database },
  input: { workspaceId: string; threshold: number | null; actor: BillingActor },
): Promise<void> {
  const { accountId } = await workspaceAccount(ctx.db, input.workspaceId);
  await ctx.db.transaction(async (tx) => {
    await setBalanceThresholds(tx, { accountId, lowBalance: input.threshold });
    await recordBillingAudit(tx, input.workspaceId, {
      actor: input.actor,
      action: "low_balance_alert_changed",
      detail: { threshold: input.threshold },
    });
  });
}
