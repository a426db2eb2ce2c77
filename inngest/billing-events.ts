/**
 * Events of payments (D15): a verified Stripe event handed to its durable function, and a
 * debit that took a balance under one of the account's thresholds.
 */
import { eventType } from "inngest";
import { z } from "zod";

/** Sent by /api/stripe/webhook with the id `stripe-<event id>`, so a duplicate delivery starts no second run. */
export const stripeEventReceived = eventType("billing/stripe-event.received", {
  schema: z.object({ eventId: z.string(), type: z.string(), objectId: z.string().nullable() }),
});

/** Sent with the id `balance-crossed-<ledger entry id>`: one crossing, one run. */
export const balanceCrossed = eventType("billing/balance.crossed", {
  schema: z.object({
    accountId: z.string(),
    ledgerEntryId: z.number().int(),
    balance: z.number().int(),
    lowBalance: z.boolean(),
    topUp: z.boolean(),
  }),
});
