/**
 * What billing verbs depend on: the database, the Stripe library (null without payments),
 * the event sender and a clock, passed explicitly so tests run them against the real
 * database and the Stripe double.
 */
import "server-only";
import type Stripe from "stripe";
import type { Database } from "@/db/client";
import { createVerbContext, type EventSender } from "@/server/context";
import { AppError } from "@/server/errors";
import { stripeClient } from "./stripe-client";

export interface BillingContext {
  db: Database;
  stripe: Stripe | null;
  events: EventSender;
  now: () => Date;
}

export async function createBillingContext(overrides: Partial<BillingContext> = {}): Promise<BillingContext> {
  const verbs = await createVerbContext({ db: overrides.db, events: overrides.events, now: overrides.now });
  return { db: verbs.db, events: verbs.events, now: verbs.now, stripe: overrides.stripe === undefined ? stripeClient() : overrides.stripe };
}

export function requireStripe(ctx: BillingContext): Stripe {
  if (!ctx.stripe)
    throw new AppError("payments_unavailable", "Payments are not set up on this deployment. The operator sets plans and credits.");
  return ctx.stripe;
}
