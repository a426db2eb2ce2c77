/**
 * /api/stripe/webhook (D15): the raw body's Stripe-Signature is verified with the library
 * (a wrong secret, a changed body or a timestamp older than its 5-minute tolerance is
 * refused: nothing is recorded), the event id is recorded (unique), and the work is handed
 * to a durable function whose event id is the Stripe event's, so a duplicate delivery
 * starts nothing new. A hand-off that failed is made again on Stripe's retry. The body is
 * read with a bound (STRIPE_WEBHOOK_MAX_BYTES) before anything else: Stripe's events are a
 * few KB, and an unsigned 40 MB body was read whole before its 400 (round 4, N5).
 */
import "server-only";
import { eq, sql } from "drizzle-orm";
import type Stripe from "stripe";
import { env } from "@/env";
import { stripeEvents } from "@/db/schema";
import { stripeEventReceived } from "@/inngest/billing-events";
import type { BillingContext } from "./context";
import { isHandledEvent } from "./process-stripe-event";

export type WebhookAnswer = { status: number; body: Record<string, unknown> };

/** The largest event body read: far above any Stripe event, far below what would cost the server. */
export const STRIPE_WEBHOOK_MAX_BYTES = 1_000_000;

export async function receiveWebhook(
  ctx: BillingContext,
  input: { payload: string | Buffer | null; signature: string | null; secret?: string },
): Promise<WebhookAnswer> {
  if (input.payload === null) return { status: 413, body: { error: `The body is over ${STRIPE_WEBHOOK_MAX_BYTES} bytes.` } };
  const secret = input.secret ?? env.STRIPE_WEBHOOK_SECRET;
  if (!ctx.stripe || !secret) return { status: 404, body: { error: "Payments are not set up on this deployment." } };
  let event: Stripe.Event;
  try {
    event = ctx.stripe.webhooks.constructEvent(input.payload, input.signature ?? "", secret);
  } catch {
    return { status: 400, body: { error: "The Stripe-Signature header did not verify." } };
  }
  const object = event.data.object as { id?: string };
  const handled = isHandledEvent(event.type);
  const [recorded] = await ctx.db
    .insert(stripeEvents)
    .values({ id: event.id, type: event.type, objectId: object.id ?? null, processedAt: handled ? null : ctx.now() })
    .onConflictDoUpdate({ target: stripeEvents.id, set: { id: sql`excluded.id` } })
    .returning({ dispatchedAt: stripeEvents.dispatchedAt, inserted: sql<boolean>`(xmax = 0)` });
  if (handled && !recorded.dispatchedAt) {
    await ctx.events.send(
      stripeEventReceived.create({ eventId: event.id, type: event.type, objectId: object.id ?? null }, { id: `stripe-${event.id}` }),
    );
    await ctx.db.update(stripeEvents).set({ dispatchedAt: ctx.now() }).where(eq(stripeEvents.id, event.id));
  }
  return { status: 200, body: { received: true, duplicate: !recorded.inserted } };
}
