/**
 * A member who manages billing moves the workspace to a paid plan (D15): Stripe Checkout
 * in subscription mode. The session names the workspace (client_reference_id, metadata)
 * and who started it, and returns to the billing page, which completes it at once
 * (complete-checkout.ts); the webhook does the same whichever comes first.
 *
 * One plan subscription per workspace, whatever the order of clicks: with the billing
 * row locked, Stripe is asked (not our copy of its state) whether a subscription is live
 * (then the portal is the way to switch) and which plan checkouts are open: the same
 * owner's for the same plan is handed back (a second click opens the same page), any
 * other is expired before a new one is made, so at most one can ever be paid. Should
 * Stripe still complete a second, it is canceled and refunded (sync-customer.ts).
 */
import "server-only";
import type Stripe from "stripe";
import { AppError } from "@/server/errors";
import { PLAN_TABLE, PURCHASE_KINDS, statusIn, SUBSCRIBED_STATUSES } from "@/shared/plans";
import { type PaidPlan } from "@/shared/vocabulary";
import { lockBillingRow } from "./billing-row";
import { checkoutOf, checkoutTarget, type PurchaseRequest } from "./checkout-target";
import { loadCatalogue } from "./catalogue";
import { requireStripe, type BillingContext } from "./context";
import { ensureCustomer } from "./ensure-customer";
import { stripeErrorOf } from "./stripe-errors";

const USE_THE_PORTAL = "This workspace already has a subscription: change or cancel it in the billing portal.";

export async function upgrade(ctx: BillingContext, input: PurchaseRequest & { plan: PaidPlan }): Promise<{ url: string }> {
  const { plan } = input;
  const stripe = requireStripe(ctx);
  const target = await checkoutTarget(ctx, input);
  const price = (await loadCatalogue(stripe)).plans[plan];
  if (!price)
    throw new AppError(
      "payments_unavailable",
      `The ${PLAN_TABLE[plan].label} plan has no price in Stripe yet (lookup key ${PLAN_TABLE[plan].lookupKey}).`,
    );
  const customer = await ensureCustomer(ctx, target);
  return ctx.db.transaction(async (tx) => {
    await lockBillingRow(tx, target.workspaceId);
    const { data: subscriptions } = await stripe.subscriptions.list({ customer, status: "all", limit: 20 });
    if (subscriptions.some((s) => statusIn(SUBSCRIBED_STATUSES, s.status))) throw new AppError("conflict", USE_THE_PORTAL);
    const { data: open } = await stripe.checkout.sessions.list({ customer, status: "open", limit: 100 });
    for (const session of open.filter((s) => s.mode === "subscription")) {
      if (session.url && session.metadata?.plan === plan && session.metadata?.user_id === target.userId) return { url: session.url };
      await expireCheckout(stripe, session.id);
    }
    const metadata = { workspace_id: target.workspaceId, kind: PURCHASE_KINDS.plan, plan, user_id: target.userId };
    const session = await stripe.checkout.sessions.create({
      ...checkoutOf(target, customer, price.id),
      mode: "subscription",
      metadata,
      subscription_data: { metadata: { workspace_id: target.workspaceId, plan, user_id: target.userId } },
    });
    return { url: session.url! };
  });
}

/** Expires an open plan checkout; one that was paid in the meantime (Stripe refuses to expire it) means a plan is on its way. */
async function expireCheckout(stripe: Stripe, sessionId: string): Promise<void> {
  try {
    await stripe.checkout.sessions.expire(sessionId);
  } catch (error) {
    if (!stripeErrorOf(error, "StripeInvalidRequestError")) throw error;
    throw new AppError("conflict", `A plan checkout of this workspace was just paid. ${USE_THE_PORTAL}`);
  }
}
