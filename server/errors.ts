/**
 * The one error type of Atrium. Every refusal the v1 service or the studio makes is an
 * AppError carrying a code from this table; the table decides the HTTP status of the
 * public API and the tRPC code of the studio, so a code means the same everywhere.
 */

import "server-only";
import { FREE_REVIEW_REDOS_PER_DAY } from "@/shared/vocabulary";

export const ERROR_CODES = {
  invalid_json: { status: 400, trpc: "BAD_REQUEST", message: "The request body is not valid JSON." },
  invalid_request: { status: 400, trpc: "BAD_REQUEST", message: "The request is invalid." },
  payload_too_large: { status: 400, trpc: "BAD_REQUEST", message: "The request or image is too large." },
  source_fetch_failed: { status: 400, trpc: "BAD_REQUEST", message: "The source image could not be fetched." },
  unsupported_media: { status: 400, trpc: "BAD_REQUEST", message: "The source is not a supported image (JPEG, PNG or WebP)." },
  invalid_keep_mask: {
    status: 400,
    trpc: "BAD_REQUEST",
    message:
      "The keep mask must be a PNG with the photo's aspect ratio (within 1 %), white where the photo is kept, neither all black nor all white.",
  },
  remote_images_not_supported: {
    status: 400,
    trpc: "BAD_REQUEST",
    message: "Images must be base64 strings or data URLs; remote URLs are not fetched.",
  },
  redo_limit_exceeded: { status: 400, trpc: "BAD_REQUEST", message: "This view has used all 4 attempts." },
  view_not_redoable: { status: 400, trpc: "BAD_REQUEST", message: "This view cannot be redone." },
  not_under_review: {
    status: 400,
    trpc: "BAD_REQUEST",
    message: "The structure check did not mark this output for review, so a free redo does not apply: ask for it as a new job.",
  },
  free_redo_limit: {
    status: 400,
    trpc: "BAD_REQUEST",
    message: `This photo has had its ${FREE_REVIEW_REDOS_PER_DAY} free redos today (UTC): ask for it as a new job, or again tomorrow.`,
  },
  job_failed: { status: 400, trpc: "BAD_REQUEST", message: "The job failed." },
  structure_changed: {
    status: 422,
    trpc: "UNPROCESSABLE_CONTENT",
    message:
      "The generated image moved, removed or repainted the room's architecture (ceiling, upper walls, windows, door frames), also on a second attempt; it was not kept.",
  },
  missing_api_key: { status: 401, trpc: "UNAUTHORIZED", message: "The x-api-key header is missing." },
  insufficient_credits: { status: 402, trpc: "PRECONDITION_FAILED", message: "The credit balance is too low." },
  invalid_api_key: { status: 403, trpc: "FORBIDDEN", message: "The API key is not valid." },
  insufficient_scope: {
    status: 403,
    trpc: "FORBIDDEN",
    message: "This API key is read-only: it may call GET routes only. Use a key with full access.",
  },
  plan_required: { status: 403, trpc: "FORBIDDEN", message: "This feature needs the premium or business plan." },
  quota_exceeded: { status: 403, trpc: "FORBIDDEN", message: "The monthly quota is used up." },
  forbidden: { status: 403, trpc: "FORBIDDEN", message: "You do not have permission to do this." },
  email_unconfirmed: {
    status: 403,
    trpc: "FORBIDDEN",
    message: "Confirm your email address before starting work that uses the workspace's quota or credits.",
  },
  free_workspace_limit: { status: 403, trpc: "FORBIDDEN", message: "You own as many workspaces on the Free plan as one person can." },
  payments_unavailable: { status: 404, trpc: "NOT_FOUND", message: "Payments are not set up on this deployment." },
  unauthenticated: { status: 401, trpc: "UNAUTHORIZED", message: "Please sign in." },
  not_found: { status: 404, trpc: "NOT_FOUND", message: "Not found." },
  feature_unavailable: { status: 404, trpc: "NOT_FOUND", message: "This feature is not available on this deployment." },
  method_not_allowed: {
    status: 405,
    trpc: "METHOD_NOT_SUPPORTED",
    message: "This route does not take that HTTP method; the Allow header lists those it takes.",
  },
  conflict: { status: 409, trpc: "CONFLICT", message: "The request conflicts with the current state." },
  idempotency_conflict: {
    status: 409,
    trpc: "CONFLICT",
    message: "A request with this Idempotency-Key is still in progress.",
  },
  idempotency_key_reused: {
    status: 422,
    trpc: "UNPROCESSABLE_CONTENT",
    message: "This Idempotency-Key was used with a different request.",
  },
  rate_limited: { status: 429, trpc: "TOO_MANY_REQUESTS", message: "Too many requests." },
  internal_error: { status: 500, trpc: "INTERNAL_SERVER_ERROR", message: "Something went wrong on our side." },
  provider_error: { status: 502, trpc: "BAD_GATEWAY", message: "The image provider failed." },
  provider_timeout: { status: 502, trpc: "TIMEOUT", message: "The image provider did not answer in time." },
  server_busy: {
    status: 503,
    trpc: "TOO_MANY_REQUESTS",
    message: "The service is busy with other image work; retry after the time in Retry-After.",
  },
  v1_unavailable: { status: 502, trpc: "BAD_GATEWAY", message: "The image service could not be reached." },
} as const;

export type ErrorCode = keyof typeof ERROR_CODES;

/** The codes documented for the public v1 API (D6); the others are studio-only. */
export const V1_ERROR_CODES = [
  "invalid_json",
  "invalid_request",
  "payload_too_large",
  "source_fetch_failed",
  "unsupported_media",
  "invalid_keep_mask",
  "remote_images_not_supported",
  "redo_limit_exceeded",
  "view_not_redoable",
  "not_under_review",
  "free_redo_limit",
  "job_failed",
  "missing_api_key",
  "insufficient_credits",
  "invalid_api_key",
  "insufficient_scope",
  "plan_required",
  "quota_exceeded",
  "not_found",
  "feature_unavailable",
  "method_not_allowed",
  "idempotency_conflict",
  "idempotency_key_reused",
  "structure_changed",
  "rate_limited",
  "internal_error",
  "provider_error",
  "provider_timeout",
  "server_busy",
] as const satisfies readonly ErrorCode[];

export class AppError extends Error {
  readonly code: ErrorCode;
  readonly details?: unknown;

  constructor(code: ErrorCode, message?: string, options?: { details?: unknown; cause?: unknown }) {
    super(message ?? ERROR_CODES[code].message, { cause: options?.cause });
    this.name = "AppError";
    this.code = code;
    this.details = options?.details;
  }

  get status(): number {
    return ERROR_CODES[this.code].status;
  }

  toInfo(): { code: ErrorCode; message: string; details?: unknown } {
    return this.details === undefined
      ? { code: this.code, message: this.message }
      : { code: this.code, message: this.message, details: this.details };
  }
}

/** Turns anything thrown into an AppError; unknown failures become internal_error with no detail. */
export function toAppError(error: unknown): AppError {
  if (error instanceof AppError) return error;
  return new AppError("internal_error", undefined, { cause: error });
}
