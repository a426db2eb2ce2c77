/** The balance under which a workspace's owners are mailed once per crossing; null turns the mail off. */
import "server-only";
import type { Tx } from "@/db/client";
import { setBalanceThresholds } from "@/server/v1/services/accounts/set-balance-thresholds";
import { workspaceAccount } from "./workspace-account";

export async function setLowBalanceAlert(db: Tx, input: { workspaceId: string; threshold: number | null }): Promise<void> {
  const { accountId } = await workspaceAccount(db, input.workspaceId);
  await setBalanceThresholds(db, { accountId, lowBalance: input.threshold });
}
