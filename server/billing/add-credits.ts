/**
 * The operator adds (or with a negative amount removes) credits to a workspace's account
 * at the command line, in the workspace's audit log like every other billing change.
 */
import "server-only";
import type { Database } from "@/db/client";
import { grantCredits } from "@/server/v1/services/billing/grant-credits";
import { creditsLabel } from "@/shared/credit-costs";
import { recordBillingAudit, type BillingActor } from "./billing-audit";
import { workspaceAccount } from "./workspace-account";

export async function addCredits(
  ctx: { db: Database },
  input: { workspaceId: string; amount: number; actor: BillingActor },
): Promise<{ balance: number }> {
  const { accountId } = await workspaceAccount(ctx.db, input.workspaceId);
  return ctx.db.transaction(async (tx) => {
    const granted = await grantCredits(tx, { accountId, amount: input.amount, note: "admin", source: "operator" });
    await recordBillingAudit(tx, input.workspaceId, {
      actor: input.actor,
      action: "credits_added",
      target: creditsLabel(input.amount),
      detail: { balance: granted.balance },
    });
    return granted;
  });
}
