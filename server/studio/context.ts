/**
 * What every studio verb depends on: the common verb context (server/context.ts) plus
 * the gateway to the v1 service and the Stripe library (null without payments), so tests
 * run studio verbs against the real database without a web server and can inject a
 * gateway. It is a billing context too: the studio's billing procedures call the billing
 * module's verbs (server/billing/) with it.
 */
import "server-only";
import type Stripe from "stripe";
import { stripeClient } from "@/server/billing/stripe-client";
import { createVerbContext, type VerbContext } from "@/server/context";
import { v1Gateway, type V1Gateway } from "./v1-gateway";

export interface StudioContext extends VerbContext {
  v1: V1Gateway;
  readonly stripe: Stripe | null;
}

export async function createStudioContext(overrides: Partial<StudioContext> = {}): Promise<StudioContext> {
  // Object.assign rather than a spread: a spread would make storage, providers and events at once.
  return Object.defineProperties(Object.assign(await createVerbContext(overrides), { v1: overrides.v1 ?? v1Gateway }), {
    stripe: { get: () => (overrides.stripe === undefined ? stripeClient() : overrides.stripe), enumerable: true },
  }) as StudioContext;
}
