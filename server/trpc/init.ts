/**
 * tRPC set-up for the studio (create-t3-app's shape): the context every procedure gets,
 * superjson so Dates survive the wire, and AppError codes mapped to tRPC codes once.
 */
import "server-only";
import { initTRPC, TRPCError } from "@trpc/server";
import type { Session } from "next-auth";
import superjson from "superjson";
import { z, ZodError } from "zod";
import { AppError, ERROR_CODES } from "@/server/errors";
import { createStudioContext, type StudioContext } from "@/server/studio/context";
import { logError } from "@/server/log";

export interface TRPCContext {
  session: Session | null;
  studio: StudioContext;
  /** The origin the request came in on, for links in emails when no public origin is configured. */
  origin: string | null;
  /** The client's address (server/auth/client-ip.ts), for per-address limits such as sign-up. */
  ip: string;
}

/** Built per request by the HTTP handler and the server caller; tests pass a fake session. */
export async function createTRPCContext(opts: {
  session: Session | null;
  studio?: StudioContext;
  origin?: string;
  ip?: string;
}): Promise<TRPCContext> {
  return {
    session: opts.session,
    studio: opts.studio ?? (await createStudioContext()),
    origin: opts.origin ?? null,
    ip: opts.ip ?? "unknown",
  };
}

export const t = initTRPC.context<TRPCContext>().create({
  transformer: superjson,
  errorFormatter({ shape, error }) {
    const cause = error.cause;
    return {
      ...shape,
      // Internal failures keep their detail in server logs only.
      message: error.code === "INTERNAL_SERVER_ERROR" ? ERROR_CODES.internal_error.message : shape.message,
      data: {
        ...shape.data,
        stack: undefined,
        appCode: cause instanceof AppError ? cause.code : null,
        fieldErrors: cause instanceof ZodError ? z.flattenError(cause).fieldErrors : null,
      },
    };
  },
});

/** Turns an AppError thrown by a studio verb into the tRPC error its code table names. */
export const appErrors = t.middleware(async ({ next }) => {
  const result = await next();
  if (!result.ok && result.error.code === "INTERNAL_SERVER_ERROR") {
    const cause = result.error.cause;
    if (cause instanceof AppError) {
      throw new TRPCError({ code: ERROR_CODES[cause.code].trpc, message: cause.message, cause });
    }
    logError("[trpc]", cause ?? result.error);
  }
  return result;
});
