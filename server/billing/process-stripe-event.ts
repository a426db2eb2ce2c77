/**
 * The durable half of a Stripe event (the webhook route verified and recorded it): the
 * event's object is read again from Stripe and applied through the keyed, state-based
 * paths, so duplicates, retries and any order end the same. Marked processed when done; a
 * repeat after that does nothing.
 */
import "server-only";
import { eq } from "drizzle-orm";
import { stripeEvents } from "@/db/schema";
import { requireStripe, type BillingContext } from "./context";
import { completeCheckout } from "./complete-checkout";
import { fulfilTopUp } from "./fulfil-top-up";
import { grantInvoiceCredits, idOf } from "./grant-invoice-credits";
import { syncCustomer } from "./sync-customer";
import { takeBackRefund } from "./take-back-refund";

/** The events that change a workspace; others are recorded and left alone. */
export const HANDLED_EVENTS = [
  "checkout.session.completed",
  "checkout.session.async_payment_succeeded",
  "invoice.paid",
  "invoice.payment_failed",
  "customer.subscription.created",
  "customer.subscription.updated",
  "customer.subscription.deleted",
  "customer.subscription.paused",
  "customer.subscription.resumed",
  "charge.refunded",
  "payment_intent.succeeded",
] as const;

export function isHandledEvent(type: string): boolean {
  return (HANDLED_EVENTS as readonly string[]).includes(type);
}

export async function processStripeEvent(ctx: BillingContext, input: { eventId: string }): Promise<{ processed: boolean }> {
  const [event] = await ctx.db.select().from(stripeEvents).where(eq(stripeEvents.id, input.eventId));
  if (!event || event.processedAt) return { processed: false };
  const stripe = requireStripe(ctx);
  const id = event.objectId ?? "";
  switch (id ? event.type : "no object") {
    case "checkout.session.completed":
    case "checkout.session.async_payment_succeeded":
      await completeCheckout(ctx, { sessionId: id }).catch(ignoreForeign);
      break;
    case "invoice.paid":
    case "invoice.payment_failed": {
      const { customerId } = await grantInvoiceCredits(ctx, id);
      if (customerId) await syncCustomer(ctx, customerId);
      break;
    }
    case "charge.refunded":
      await takeBackRefund(ctx, id);
      break;
    case "payment_intent.succeeded":
      await fulfilTopUp(ctx, id);
      break;
    default:
      if (event.type.startsWith("customer.subscription.")) {
        const customerId = idOf((await stripe.subscriptions.retrieve(id)).customer);
        if (customerId) await syncCustomer(ctx, customerId);
      }
  }
  await ctx.db.update(stripeEvents).set({ processedAt: ctx.now() }).where(eq(stripeEvents.id, event.id));
  return { processed: true };
}

/** A session that names no workspace of ours (another integration on the same account) is not ours to fulfil. */
function ignoreForeign(error: unknown) {
  if ((error as { code?: string })?.code === "not_found") return;
  throw error;
}
