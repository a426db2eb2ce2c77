/**
 * Stripe Checkout for an owner (D15): a plan in subscription mode (only while the
 * workspace has no subscription that holds a plan: changes go through the portal), or a
 * credit pack in payment mode with the card saved for auto top-up. The session names the
 * workspace (client_reference_id, metadata) and returns to the billing page, which
 * fulfils it at once; the webhook does the same whichever comes first.
 */
import "server-only";
import { AppError } from "@/server/errors";
import { CREDIT_PACKS, PLAN_TABLE } from "@/shared/plans";
import { type PaidPlan } from "@/shared/vocabulary";
import { readBillingRow } from "./billing-row";
import { loadCatalogue } from "./catalogue";
import { requireStripe, type BillingContext } from "./context";
import { ensureCustomer } from "./ensure-customer";

/** A subscription in these states is changed or cancelled in the portal, not bought again. */
const SUBSCRIBED = ["active", "trialing", "past_due", "incomplete"];

export interface CheckoutTarget {
  workspaceId: string;
  name: string;
  ownerEmail: string;
  /** Who started the checkout: named in the session so fulfilment records who bought. */
  userId: string;
  /** Absolute URL of the workspace's billing page. */
  billingUrl: string;
}

export async function startPlanCheckout(ctx: BillingContext, target: CheckoutTarget, plan: PaidPlan): Promise<{ url: string }> {
  const stripe = requireStripe(ctx);
  const row = await readBillingRow(ctx.db, target.workspaceId);
  if (row?.subscriptionStatus && SUBSCRIBED.includes(row.subscriptionStatus)) {
    throw new AppError("conflict", "This workspace already has a subscription: change or cancel it in the billing portal.");
  }
  const price = (await loadCatalogue(stripe)).plans[plan];
  if (!price) throw new AppError("payments_unavailable", `The ${PLAN_TABLE[plan].label} plan has no price in Stripe yet (lookup key ${PLAN_TABLE[plan].lookupKey}).`);
  const customer = await ensureCustomer(ctx, target);
  const session = await stripe.checkout.sessions.create({
    mode: "subscription",
    customer,
    client_reference_id: target.workspaceId,
    line_items: [{ price: price.id, quantity: 1 }],
    metadata: { workspace_id: target.workspaceId, kind: "plan", plan, user_id: target.userId },
    subscription_data: { metadata: { workspace_id: target.workspaceId, plan, user_id: target.userId } },
    success_url: `${target.billingUrl}?checkout={CHECKOUT_SESSION_ID}`,
    cancel_url: `${target.billingUrl}?checkout=canceled`,
  });
  return { url: session.url! };
}

export async function startPackCheckout(ctx: BillingContext, target: CheckoutTarget, credits: number): Promise<{ url: string }> {
  const stripe = requireStripe(ctx);
  const pack = CREDIT_PACKS.find((p) => p.credits === credits);
  if (!pack) throw new AppError("invalid_request", "There is no pack of that size.");
  const price = (await loadCatalogue(stripe)).packs[credits];
  if (!price) throw new AppError("payments_unavailable", `This pack has no price in Stripe yet (lookup key ${pack.lookupKey}).`);
  const customer = await ensureCustomer(ctx, target);
  const metadata = { workspace_id: target.workspaceId, kind: "credit_pack", credits: String(credits), user_id: target.userId };
  const session = await stripe.checkout.sessions.create({
    mode: "payment",
    customer,
    client_reference_id: target.workspaceId,
    line_items: [{ price: price.id, quantity: 1 }],
    metadata,
    // The card is kept for auto top-up.
    payment_intent_data: { metadata, setup_future_usage: "off_session", description: `Atrium: ${credits} credits` },
    success_url: `${target.billingUrl}?checkout={CHECKOUT_SESSION_ID}`,
    cancel_url: `${target.billingUrl}?checkout=canceled`,
  });
  return { url: session.url! };
}
