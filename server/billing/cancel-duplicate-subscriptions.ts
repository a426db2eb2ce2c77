/**
 * When Stripe completed a second plan subscription for a workspace that has one (two
 * checkouts opened before either was paid by an older release, a subscription made in
 * the Dashboard), the second is canceled at once and every payment of it refunded in
 * full (reason `duplicate`); the oldest stays, and nothing is granted for the second
 * (grant-invoice-credits.ts asks isDuplicateSubscription). Run under the workspace's
 * billing row lock (sync-customer.ts), so one run cancels each; idempotency keys make a
 * retried run refund nothing twice.
 */
import "server-only";
import type Stripe from "stripe";
import { PLAN_TABLE } from "@/shared/plans";
import type { Catalogue } from "./catalogue";
import { DUPLICATE_COMMENT, isCanceledDuplicate, liveOldestFirst } from "./live-subscriptions";

export interface CanceledDuplicate {
  subscriptionId: string;
  planLabel: string;
  /** What its payments came to, all refunded, in the smallest unit of `currency`. */
  refunded: number;
  currency: string;
}

export async function cancelDuplicateSubscriptions(
  stripe: Stripe,
  subscriptions: Stripe.Subscription[],
  catalogue: Catalogue,
): Promise<{ kept: Stripe.Subscription[]; canceled: CanceledDuplicate[] }> {
  const [, ...seconds] = liveOldestFirst(subscriptions);
  const canceled: CanceledDuplicate[] = [];
  for (const second of seconds) {
    // Refunded first: a run stopped in between finds the subscription still live and finishes it.
    const refunded = await refundEveryPayment(stripe, second.id);
    await stripe.subscriptions.cancel(second.id, { cancellation_details: { comment: DUPLICATE_COMMENT } });
    const price = second.items.data[0]?.price;
    const known = price ? catalogue.byPriceId.get(price.id) : undefined;
    canceled.push({
      subscriptionId: second.id,
      planLabel: known && "plan" in known ? PLAN_TABLE[known.plan].label : "paid",
      refunded,
      currency: second.currency,
    });
  }
  const ids = new Set(canceled.map((c) => c.subscriptionId));
  return { kept: subscriptions.filter((s) => !ids.has(s.id) && !isCanceledDuplicate(s)), canceled };
}

/** Refunds what is left unrefunded of each payment of the subscription's paid invoices; returns what its payments came to. */
async function refundEveryPayment(stripe: Stripe, subscriptionId: string): Promise<number> {
  const { data: invoices } = await stripe.invoices.list({ subscription: subscriptionId, status: "paid", limit: 100 });
  let paid = 0;
  for (const invoice of invoices) {
    const { data: payments } = await stripe.invoicePayments.list({ invoice: invoice.id, status: "paid", limit: 100 });
    for (const payment of payments) {
      const intentId =
        typeof payment.payment.payment_intent === "string" ? payment.payment.payment_intent : payment.payment.payment_intent?.id;
      if (!intentId) continue;
      const intent = await stripe.paymentIntents.retrieve(intentId, { expand: ["latest_charge"] });
      const charge = intent.latest_charge as Stripe.Charge | null;
      if (!charge) continue;
      paid += charge.amount;
      if (charge.amount_refunded < charge.amount) {
        await stripe.refunds.create(
          { charge: charge.id, reason: "duplicate", metadata: { subscription: subscriptionId } },
          { idempotencyKey: `atrium-refund-second-plan-${charge.id}` },
        );
      }
    }
  }
  return paid;
}
