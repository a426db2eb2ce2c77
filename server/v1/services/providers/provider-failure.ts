import "server-only";
import type { ErrorInfo } from "@/db/schema";
import { AppError } from "@/server/errors";
import { ProviderError } from "@/server/providers/types";

/**
 * The public error of a failed provider call. Provider messages are written by our
 * adapters to be safe to show; anything else is reported without detail. Errors that
 * crossed a durable step boundary arrive serialized, so they are recognised by name.
 */
export function providerFailure(error: unknown): ErrorInfo {
  for (let current = error, depth = 0; current && typeof current === "object" && depth < 6; depth++) {
    const candidate = current as { name?: string; message?: string; timeout?: boolean; code?: string; cause?: unknown };
    // An AppError's details are public by design (the structure check's zone scores, say).
    if (current instanceof AppError) return current.toInfo();
    if (current instanceof ProviderError || candidate.name === "ProviderError") {
      const timeout = candidate.timeout === true || /did not answer in time/.test(candidate.message ?? "");
      return { code: timeout ? "provider_timeout" : "provider_error", message: candidate.message || "The image provider failed." };
    }
    current = candidate.cause;
  }
  return { code: "provider_error", message: "The image provider failed." };
}

export function providerAppError(error: unknown): AppError {
  if (error instanceof AppError) return error;
  const info = providerFailure(error);
  return new AppError(info.code as "provider_error", info.message, { cause: error });
}
