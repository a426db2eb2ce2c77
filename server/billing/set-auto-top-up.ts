/**
 * A billing manager's auto top-up choice: on with a threshold and a pack (the card saved by a
 * Checkout purchase is charged), or off. Turning it on clears why it last stopped.
 */
import "server-only";
import { eq } from "drizzle-orm";
import { workspaceBilling } from "@/db/schema";
import { AppError } from "@/server/errors";
import type { AuditDetail } from "@/shared/audit-actions";
import { setBalanceThresholds } from "@/server/v1/services/accounts/set-balance-thresholds";
import { creditPack } from "@/shared/plans";
import { recordBillingAudit, type BillingActor } from "./billing-audit";
import { readBillingRow } from "./billing-row";
import type { BillingContext } from "./context";
import { workspaceAccount } from "./workspace-account";

export async function setAutoTopUp(
  ctx: BillingContext,
  input: { workspaceId: string; enabled: boolean; threshold: number; pack: number; actor: BillingActor },
): Promise<void> {
  if (input.enabled) {
    if (!ctx.stripe) throw new AppError("payments_unavailable", "Payments are not set up on this deployment.");
    if (!creditPack(input.pack)) throw new AppError("invalid_request", "Pick one of the credit packs.");
    const row = await readBillingRow(ctx.db, input.workspaceId);
    if (!row?.stripeCustomerId) throw new AppError("conflict", "Buy a credit pack first: auto top-up charges the card saved with it.");
  }
  const { accountId } = await workspaceAccount(ctx.db, input.workspaceId);
  await ctx.db.transaction(async (tx) => {
    await setBalanceThresholds(tx, { accountId, topUp: input.enabled ? input.threshold : null });
    await tx.insert(workspaceBilling).values({ workspaceId: input.workspaceId }).onConflictDoNothing();
    await tx
      .update(workspaceBilling)
      .set({ topUpPack: input.enabled ? input.pack : null, ...(input.enabled ? { topUpStoppedReason: null } : {}), updatedAt: ctx.now() })
      .where(eq(workspaceBilling.workspaceId, input.workspaceId));
    const detail: AuditDetail = input.enabled ? { enabled: true, threshold: input.threshold, pack: input.pack } : { enabled: false };
    await recordBillingAudit(tx, input.workspaceId, { actor: input.actor, action: "auto_top_up_changed", detail });
  });
}
