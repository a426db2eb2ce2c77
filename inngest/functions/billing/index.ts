/** The durable functions of payments (D15): Stripe events, and balance thresholds crossed. */
import { balanceCrossedFunction } from "./balance-crossed";
import { processStripeEventFunction } from "./process-stripe-event";

export const billingFunctions = [processStripeEventFunction, balanceCrossedFunction];
