/**
 * A member who manages billing buys a credit pack (D15): Stripe Checkout in payment mode,
 * the card kept for auto top-up. Back on the billing page the session is completed at
 * once (complete-checkout.ts), or by the webhook, whichever comes first.
 */
import "server-only";
import { AppError } from "@/server/errors";
import { CREDIT_PACKS, PURCHASE_KINDS } from "@/shared/plans";
import { loadCatalogue } from "./catalogue";
import { checkoutOf, checkoutTarget, type PurchaseRequest } from "./checkout-target";
import { requireStripe, type BillingContext } from "./context";
import { ensureCustomer } from "./ensure-customer";

export async function buyCredits(ctx: BillingContext, input: PurchaseRequest & { credits: number }): Promise<{ url: string }> {
  const { credits } = input;
  const stripe = requireStripe(ctx);
  const pack = CREDIT_PACKS.find((p) => p.credits === credits);
  if (!pack) throw new AppError("invalid_request", "There is no pack of that size.");
  const price = (await loadCatalogue(stripe)).packs[credits];
  if (!price) throw new AppError("payments_unavailable", `This pack has no price in Stripe yet (lookup key ${pack.lookupKey}).`);
  const target = await checkoutTarget(ctx, input);
  const customer = await ensureCustomer(ctx, target);
  const metadata = { workspace_id: target.workspaceId, kind: PURCHASE_KINDS.creditPack, credits: String(credits), user_id: target.userId };
  const session = await stripe.checkout.sessions.create({
    ...checkoutOf(target, customer, price.id),
    mode: "payment",
    metadata,
    // The card is kept for auto top-up.
    payment_intent_data: { metadata, setup_future_usage: "off_session", description: `Atrium: ${credits} credits` },
  });
  return { url: session.url! };
}
