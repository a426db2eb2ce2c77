/**
 * A workspace has one plan subscription at a time (D15). Which of a customer's
 * subscriptions hold a plan, which one is kept when Stripe completed a second (the oldest:
 * the plan the workspace already had), and how a second one is known later: it was
 * canceled with DUPLICATE_COMMENT (server/billing/cancel-duplicate-subscriptions.ts).
 */
import "server-only";
import type Stripe from "stripe";
import { PLAN_HOLDING_STATUSES, statusIn } from "@/shared/plans";

/** Written on a second subscription as it is canceled (its cancellation_details.comment). */
export const DUPLICATE_COMMENT = "Atrium: a second plan subscription of one workspace, canceled at once and refunded in full";

export function isCanceledDuplicate(subscription: Stripe.Subscription): boolean {
  return subscription.cancellation_details?.comment === DUPLICATE_COMMENT;
}

/** The subscriptions that hold a plan, oldest first (Stripe lists newest first; the list order settles a tie of seconds). */
export function liveOldestFirst(subscriptions: Stripe.Subscription[]): Stripe.Subscription[] {
  return [...subscriptions]
    .reverse()
    .filter((s) => statusIn(PLAN_HOLDING_STATUSES, s.status))
    .sort((a, b) => a.created - b.created);
}

/** Whether the subscription is a second plan of its customer: canceled as one, or live beside an older live one. */
export async function isDuplicateSubscription(stripe: Stripe, customerId: string, subscriptionId: string): Promise<boolean> {
  const { data } = await stripe.subscriptions.list({ customer: customerId, status: "all", limit: 20 });
  const subscription = data.find((s) => s.id === subscriptionId);
  if (!subscription) return false;
  if (isCanceledDuplicate(subscription)) return true;
  const live = liveOldestFirst(data);
  return live.length > 1 && live[0].id !== subscriptionId && live.some((s) => s.id === subscriptionId);
}
