/**
 * A refunded credit pack (or auto top-up) takes its credits back, up to the balance and
 * never below 0, once per refund id, in proportion to the amount refunded. The charge, its
 * PaymentIntent and refunds are read again from Stripe; the purchase itself is fulfilled
 * first (a no-op when it was), so a refund that overtakes its purchase's event still ends
 * with the purchase granted and then taken back.
 */
import "server-only";
import { takeBackCredits } from "@/server/v1/services/billing/take-back-credits";
import { creditsLabel } from "@/shared/credit-costs";
import { creditPack } from "@/shared/plans";
import { requireStripe, type BillingContext } from "./context";
import { fulfilCheckout } from "./fulfil-checkout";
import { fulfilTopUp } from "./fulfil-top-up";
import { idOf } from "./grant-invoice-credits";
import { workspaceAccount } from "./workspace-account";

export async function takeBackRefund(ctx: BillingContext, chargeId: string): Promise<{ removed: number }> {
  const stripe = requireStripe(ctx);
  const charge = await stripe.charges.retrieve(chargeId);
  const intentId = idOf(charge.payment_intent);
  if (!intentId || charge.amount_refunded === 0) return { removed: 0 };
  const intent = await stripe.paymentIntents.retrieve(intentId);
  const pack = creditPack(Number(intent.metadata?.credits));
  const workspaceId = intent.metadata?.workspace_id;
  if (!pack || !workspaceId || !["credit_pack", "auto_top_up"].includes(intent.metadata?.kind ?? "")) return { removed: 0 };

  if (intent.metadata.kind === "auto_top_up") await fulfilTopUp(ctx, intent);
  else {
    const { data: sessions } = await stripe.checkout.sessions.list({ payment_intent: intentId, limit: 1 });
    if (sessions[0]) await fulfilCheckout(ctx, sessions[0].id, { workspaceId });
  }

  const { accountId } = await workspaceAccount(ctx.db, workspaceId);
  const { data: refunds } = await stripe.refunds.list({ charge: chargeId, limit: 100 });
  let removed = 0;
  for (const refund of refunds.filter((r) => r.status === "succeeded")) {
    const credits = Math.floor((pack.credits * refund.amount) / charge.amount);
    if (credits <= 0) continue;
    const taken = await takeBackCredits(ctx.db, { accountId, amount: credits, grantKey: `stripe:refund:${refund.id}`, source: "pack_refund", note: `Refund of the ${creditsLabel(pack.credits)} pack` });
    removed += taken.removed;
  }
  return { removed };
}
