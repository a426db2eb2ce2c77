/**
 * A plan that ended because its payments failed (D15): Stripe canceled the subscription
 * after its last retry (cancellation_details.reason `payment_failed`), or left it
 * unpaid, as the account's retry settings say. Canceling stops Stripe's collection but
 * leaves the unpaid invoice open, which would read as payable for a plan the workspace
 * no longer has: it is marked uncollectible (Stripe's "not expected to be paid").
 */
import "server-only";
import type Stripe from "stripe";
import { CANCELED_STATUS, UNPAID_STATUS } from "@/shared/plans";

export function endedForNonPayment(subscription: Stripe.Subscription): boolean {
  return (
    (subscription.status === CANCELED_STATUS && subscription.cancellation_details?.reason === "payment_failed") ||
    subscription.status === UNPAID_STATUS
  );
}

/** When it ended: Stripe's end for a canceled subscription; an unpaid one has none, so the moment it was first seen. */
export function endedAt(subscription: Stripe.Subscription, now: Date): Date {
  const seconds = subscription.ended_at ?? subscription.canceled_at;
  return seconds ? new Date(seconds * 1000) : now;
}

/**
 * Writes off the open invoices of a canceled subscription. An unpaid subscription's are
 * left alone: paying them is how it comes back, and they read as not paid (invoices.ts).
 */
export async function writeOffOpenInvoices(stripe: Stripe, subscription: Stripe.Subscription): Promise<void> {
  if (subscription.status !== CANCELED_STATUS) return;
  const { data: open } = await stripe.invoices.list({ subscription: subscription.id, status: "open", limit: 100 });
  for (const invoice of open) await stripe.invoices.markUncollectible(invoice.id, {}, { idempotencyKey: `atrium-write-off-${invoice.id}` });
}
