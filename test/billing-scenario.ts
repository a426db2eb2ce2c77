/**
 * Test support: one workspace's life with Stripe, through the studio's billing procedures
 * and the double's hosted pages, fulfilled by nothing but webhooks (nothing is completed
 * on return): packs of 100 and 500 (the 500 refunded), Premium, a renewal, a switch to
 * Business, another renewal, a cancel at period end and its end. About 52 events. Used by
 * the webhook storm test and the bench.
 */
import Stripe from "stripe";
import type { Database } from "@/db/client";
import { eq } from "drizzle-orm";
import { workspaceBilling } from "@/db/schema";
import type { Caller } from "@/test/callers";
import { PLAN_TABLE } from "@/shared/plans";
import type { StripeDouble } from "./doubles/stripe";
import { payCheckout, portalAction } from "./stripe-settings";

export const STARTER_CREDITS = 500;
/** The balance the scenario's events describe: starter, 100 + 500 − 500, Premium's first and renewal invoices, Business's renewal. */
export const SCENARIO_BALANCE =
  STARTER_CREDITS + 100 + 500 - 500 + 2 * PLAN_TABLE.premium.includedCredits + PLAN_TABLE.business.includedCredits;
/** Grants keyed by a Stripe id: two packs, one refund, three invoices. */
export const SCENARIO_KEYED_GRANTS = 6;

export function doubleClient(double: StripeDouble): Stripe {
  const base = new URL(double.origin);
  return new Stripe(double.secretKey, { host: base.hostname, port: Number(base.port), protocol: "http" });
}

export async function runBillingScenario(input: { db: Database; api: Caller; workspaceId: string; double: StripeDouble }) {
  const { db, api, workspaceId, double } = input;
  const stripe = doubleClient(double);
  const card = "4242424242424242";
  await payCheckout((await api.billing.buyCredits({ workspaceId, credits: 100 })).url, card);
  await payCheckout((await api.billing.buyCredits({ workspaceId, credits: 500 })).url, card);
  await payCheckout((await api.billing.upgrade({ workspaceId, plan: "premium" })).url, card);
  const [row] = await db
    .select({ customer: workspaceBilling.stripeCustomerId })
    .from(workspaceBilling)
    .where(eq(workspaceBilling.workspaceId, workspaceId));
  const customer = (await stripe.customers.retrieve(row.customer!)) as Stripe.Customer;
  const clock = String(customer.test_clock);
  const refunded = double.state
    .all("payment_intent")
    .find((pi) => pi.customer === customer.id && (pi.metadata as Record<string, string>).credits === "500")!;
  await stripe.refunds.create({ payment_intent: refunded.id });
  const [subscription] = (await stripe.subscriptions.list({ customer: customer.id })).data;
  const periodEnd = async () => (await stripe.subscriptions.retrieve(subscription.id)).items.data[0].current_period_end;
  await stripe.testHelpers.testClocks.advance(clock, { frozen_time: (await periodEnd()) + 3600 });
  const business = (await stripe.prices.list({ lookup_keys: [PLAN_TABLE.business.lookupKey] })).data[0];
  const portal = await stripe.billingPortal.sessions.create({ customer: customer.id, return_url: "http://app.test/billing" });
  await portalAction(portal.url, "switch", { subscription: subscription.id, price: business.id });
  await stripe.testHelpers.testClocks.advance(clock, { frozen_time: (await periodEnd()) + 3600 });
  await portalAction(portal.url, "cancel", { subscription: subscription.id });
  await stripe.testHelpers.testClocks.advance(clock, { frozen_time: (await periodEnd()) + 3600 });
}
