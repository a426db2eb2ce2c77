/**
 * A refund takes back what its purchase granted (a credit pack, an auto top-up, or a
 * plan invoice's included credits), in proportion to the amount refunded, up to the
 * balance and never below 0, once per refund id. Computed on the total refunded so far:
 * the refunds of a charge, in the order Stripe made them, each take back what the
 * running total's share comes to minus what the refunds before it came to, so parts add
 * up to the whole ($20 then $25 of a $45 pack of 500 take back 222 and 278). Each
 * take-back is in the ledger with what was refunded and why, and in the audit log.
 */
import "server-only";
import { recordBillingAudit } from "./billing-audit";
import { takeBackCredits } from "@/server/v1/services/billing/take-back-credits";
import { creditsLabel } from "@/shared/credit-costs";
import { formatPrice } from "./catalogue";
import { requireStripe, type BillingContext } from "./context";
import { idOf } from "./grant-invoice-credits";
import { refundedPurchase } from "./refunded-purchase";
import { workspaceAccount } from "./workspace-account";

export async function takeBackRefund(ctx: BillingContext, chargeId: string): Promise<{ removed: number }> {
  const stripe = requireStripe(ctx);
  const charge = await stripe.charges.retrieve(chargeId);
  const intentId = idOf(charge.payment_intent);
  if (!intentId || charge.amount_refunded === 0) return { removed: 0 };
  const purchase = await refundedPurchase(ctx, stripe, intentId);
  if (!purchase) return { removed: 0 };
  const { accountId } = await workspaceAccount(ctx.db, purchase.workspaceId);
  const { data: newestFirst } = await stripe.refunds.list({ charge: chargeId, limit: 100 });
  const money = (amount: number) => formatPrice({ id: "", unitAmount: amount, currency: charge.currency });
  const shareOf = (refunded: number) => Math.floor((purchase.credits * refunded) / charge.amount);
  let refundedSoFar = 0;
  let removed = 0;
  for (const refund of [...newestFirst].reverse().filter((r) => r.status === "succeeded")) {
    const due = shareOf(refundedSoFar + refund.amount) - shareOf(refundedSoFar);
    refundedSoFar += refund.amount;
    if (due <= 0) continue;
    const reason = refund.reason ?? null;
    const note = `Refund of ${money(refund.amount)} of ${money(charge.amount)} for the ${purchase.purchase}${reason ? ` (${reason.replaceAll("_", " ")})` : ""}`;
    removed += await ctx.db.transaction(async (tx) => {
      const taken = await takeBackCredits(tx, {
        accountId,
        amount: due,
        grantKey: `stripe:refund:${refund.id}`,
        source: purchase.source,
        note,
      });
      if (!taken.applied) return 0;
      const detail = { refund: money(refund.amount), of: money(charge.amount), purchase: purchase.purchase, reason, due };
      await recordBillingAudit(tx, purchase.workspaceId, {
        actor: { kind: "stripe" },
        action: "credits_taken_back",
        target: creditsLabel(taken.removed),
        detail,
      });
      return taken.removed;
    });
  }
  return { removed };
}
