/**
 * The code of a tRPC refusal, recognised by the `name` and `code` the library gives every
 * TRPCError rather than by class: a production build holds several copies of the
 * package, and a caller made in one route bundle throws its own copy's errors.
 */
import "server-only";
import type { TRPCError } from "@trpc/server";

export function trpcErrorCode(error: unknown): TRPCError["code"] | null {
  if (!(error instanceof Error) || error.name !== "TRPCError") return null;
  const code = (error as { code?: unknown }).code;
  return typeof code === "string" ? (code as TRPCError["code"]) : null;
}
