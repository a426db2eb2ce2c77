/**
 * Stripe's errors, recognised by the `type` the library documents for each
 * ("StripeCardError", "StripeInvalidRequestError", …) and the API's `code`, never by
 * class: a production build holds several copies of the `stripe` package (one per route
 * bundle), and the cached client throws its own copy's classes (issue 40).
 */
import "server-only";

export type StripeErrorType = "StripeCardError" | "StripeInvalidRequestError";

export interface StripeErrorFields {
  type: StripeErrorType;
  /** The API's error code (`card_declined`, `authentication_required`, `resource_missing`, …). */
  code?: string;
  decline_code?: string;
  message: string;
}

export function stripeErrorOf(error: unknown, type: StripeErrorType): StripeErrorFields | null {
  if (typeof error !== "object" || error === null) return null;
  const fields = error as Partial<StripeErrorFields>;
  return fields.type === type && typeof fields.message === "string" ? (fields as StripeErrorFields) : null;
}
