/**
 * A verified Stripe event (app/api/stripe/webhook) applied to its workspace
 * (server/billing/process-stripe-event.ts). One run per Stripe event id; failures retry
 * with backoff, and every step is safe to repeat.
 */
import { inngest } from "@/inngest/client";
import { stripeEventReceived } from "@/inngest/billing-events";
import { createBillingContext } from "@/server/billing/context";
import { processStripeEvent } from "@/server/billing/process-stripe-event";

export const processStripeEventFunction = inngest.createFunction(
  { id: "billing-process-stripe-event", retries: 8, triggers: [stripeEventReceived] },
  async ({ event, step }) =>
    step.run("apply", async () => processStripeEvent(await createBillingContext(), { eventId: event.data.eventId })),
);
