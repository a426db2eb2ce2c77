import { NonRetriableError } from "inngest";
import { ProviderError } from "@/server/providers/types";
import { AppError } from "@/server/errors";

/**
 * Runs a step body, turning permanent failures into NonRetriableError so the durable
 * runtime retries only what may succeed later: transient provider errors, timeouts and
 * unexpected errors (a lost database connection, a crash).
 */
export async function retryable<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    const permanent = (error instanceof ProviderError && !error.transient) || (error instanceof AppError && error.status < 500);
    if (permanent) throw new NonRetriableError(error.message, { cause: error });
    throw error;
  }
}
