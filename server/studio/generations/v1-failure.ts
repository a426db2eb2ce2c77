/**
 * What a v1 failure means for the person in front of the studio: plain words instead of
 * the service's codes, and whether trying again later could help.
 */
import "server-only";
import { AppError, ERROR_CODES, type ErrorCode } from "@/server/errors";
import { isAtriumError } from "@atrium/sdk";
import type { GenerationError } from "@/db/schema/studio-generations";

const PLAIN_WORDS: Partial<Record<string, string>> = {
  insufficient_credits: "This workspace is out of credits for this operation. An owner can add credits to the workspace's account.",
  quota_exceeded: "This workspace has used its monthly quota. It resets at the start of next month (UTC).",
  plan_required: "The workspace's plan does not include this feature. Multi-view and video need the Premium or Business plan.",
  feature_unavailable: "This feature is not switched on for this deployment of the image service.",
  invalid_api_key: "The image service refused this workspace's API key. An owner or admin can update it in Settings.",
  missing_api_key: "This workspace has no API key yet. An owner or admin can add one in Settings.",
  rate_limited: "Too many requests at once. Please wait a minute and try again.",
  source_fetch_failed: "The image service could not read the photo. Try uploading it again.",
  unsupported_media: "The photo is not a JPEG, PNG or WebP image the service can read.",
  payload_too_large: "The photo is too large for the image service (25 MB and 50 megapixels at most).",
  provider_error: "The image provider could not process this photo. Credits for it were refunded; please try again.",
  provider_timeout: "The image provider took too long. Credits for it were refunded; please try again.",
  job_failed: "The image service could not process this photo. Please try again or pick another photo.",
  structure_changed:
    "The staged image changed the room itself (windows, door frames, walls or ceiling), which listing rules do not allow, so it was not kept. Credits for it were refunded; try another style or photo.",
  anchor_failed: "The first (anchor) view failed, so the other views were not started. Credits were refunded.",
  redo_limit_exceeded: "This view has used all 4 attempts.",
  view_not_redoable: "This view cannot be redone right now.",
  v1_unavailable: "The image service could not be reached. Please try again shortly.",
  unexpected_response: "The image service answered in a way the studio does not understand.",
  internal_error: "The image service had a problem on its side. Please try again.",
};

/** A sentence for a service error code, falling back to the service's own message. */
export function plainMessage(code: string, message?: string): string {
  if (code === "invalid_request" && message) return `The image service refused the settings: ${message}`;
  return PLAIN_WORDS[code] ?? message ?? "The image service could not complete this request.";
}

/** A failure the service reported inside an answer (a set, a view, a video), in plain words; job_failed when it named none. */
export function reportedFailure(error: { code: string; message?: string } | null | undefined): GenerationError {
  const code = error?.code ?? "job_failed";
  return { code, message: plainMessage(code, error?.message) };
}

export function generationError(error: unknown): GenerationError {
  if (isAtriumError(error)) return { code: error.code, message: plainMessage(error.code, error.message) };
  if (error instanceof AppError) return { code: error.code, message: error.message };
  return { code: "internal_error", message: plainMessage("internal_error") };
}

/** A AtriumApiError as the studio's own error type, so tRPC maps it and the browser gets plain words. */
export function studioErrorFromV1(error: unknown): unknown {
  if (!isAtriumError(error)) return error;
  const code: ErrorCode = error.code in ERROR_CODES ? (error.code as ErrorCode) : "v1_unavailable";
  return new AppError(code, plainMessage(error.code, error.message), { cause: error });
}

/** Failures a later attempt may get past: no answer, the service busy, or a rate limit. */
export function isTransientV1Failure(error: unknown): boolean {
  if (!isAtriumError(error)) return false;
  return ["v1_unavailable", "rate_limited", "idempotency_conflict", "internal_error"].includes(error.code);
}
