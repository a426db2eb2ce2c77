/**
 * Responses of the v1 API in its two body shapes: the stable envelope (D6, built in
 * server/v1/schemas/envelope.ts) and the legacy bodies of the job routes, /me and
 * /delete (D5). Every error body is built here, from an AppError, so none can carry a
 * stack trace or a key.
 */
import "server-only";
import type { AppError } from "@/server/errors";
import { envelope } from "../schemas/envelope";

export type ResponseStyle = "envelope" | "legacy";

export function json(body: unknown, status = 200, headers?: HeadersInit): Response {
  const response = Response.json(body, { status, headers });
  response.headers.set("Cache-Control", "no-store");
  return response;
}

/** The body of a refusal, in the route's style. A refusal creates no job, so job_id is null. */
export function errorBody(style: ResponseStyle, error: AppError, now: Date): unknown {
  const info = error.toInfo();
  if (style === "legacy") {
    return info.details === undefined
      ? { error: info.message, code: info.code }
      : { error: info.message, code: info.code, details: info.details };
  }
  return envelope({ jobId: null, status: "failed", error: info, creditsCharged: null, createdAt: now, updatedAt: now, completedAt: now });
}

export function errorResponse(style: ResponseStyle, error: AppError, now: Date, headers?: HeadersInit): Response {
  return json(errorBody(style, error, now), error.status, headers);
}

/** The code of an error body in either style (`{code}` legacy, `{error: {code}}` envelope), or null. */
export function errorCodeOf(body: unknown): string | null {
  const value = body as { code?: unknown; error?: { code?: unknown } | null } | null;
  const code = value?.error?.code ?? value?.code;
  return typeof code === "string" ? code : null;
}
