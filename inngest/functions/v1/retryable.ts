import { ProviderError } from "@/server/providers/types";
import { AppError } from "@/server/errors";
import type { ErrorInfo } from "@/db/schema";
import { providerFailure } from "@/server/v1/services/providers/provider-failure";

export type StepOutcome<T> = { ok: T } | { failed: ErrorInfo };

/**
 * Runs the body of a provider step. Permanent failures (a provider's refusal, a bad
 * input) come back as data, so the durable runtime does not retry them and their
 * message survives; transient failures and unexpected errors (a lost connection, a
 * crash) throw, so the runtime retries them with backoff.
 */
export async function providerStep<T>(work: () => Promise<T>): Promise<StepOutcome<T>> {
  try {
    return { ok: await work() };
  } catch (error) {
    const permanent = (error instanceof ProviderError && !error.transient) || (error instanceof AppError && error.status < 500);
    if (permanent) return { failed: providerFailure(error) };
    throw error;
  }
}
