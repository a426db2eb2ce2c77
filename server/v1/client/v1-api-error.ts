import "server-only";
import type { z } from "zod";
import { LegacyErrorSchema } from "@/server/v1/schemas/common";
import { EnvelopeSchema, type V1ErrorCode } from "@/server/v1/openapi/components";

export type V1Envelope = z.infer<typeof EnvelopeSchema>;

/**
 * The service's codes, plus two of the client's own: `v1_unavailable` (no HTTP answer,
 * or a 5xx whose body is not the API's) and `unexpected_response` (an answer that does
 * not match the contract). Newer servers may send codes this build does not know.
 */
export type V1ClientErrorCode = V1ErrorCode | "v1_unavailable" | "unexpected_response" | (string & {});

/** Every refusal or failure of a v1 call, whichever body style the route answers in. */
export class V1ApiError extends Error {
  readonly status: number;
  readonly code: V1ClientErrorCode;
  readonly details: unknown;
  /** The raw response body (parsed JSON, or the text when it was not JSON). */
  readonly body: unknown;
  /** The failed envelope, on envelope routes; a synchronous 502 carries its job id and credits here. */
  readonly envelope: V1Envelope | null;

  constructor(init: { status: number; code: V1ClientErrorCode; message: string; details?: unknown; body?: unknown; envelope?: V1Envelope | null; cause?: unknown }) {
    super(init.message, { cause: init.cause });
    this.name = "V1ApiError";
    this.status = init.status;
    this.code = init.code;
    this.details = init.details;
    this.body = init.body;
    this.envelope = init.envelope ?? null;
  }
}

/** Turns a non-2xx answer into a V1ApiError, reading the legacy and the envelope error bodies alike. */
export function errorFromResponse(status: number, body: unknown): V1ApiError {
  const legacy = LegacyErrorSchema.safeParse(body);
  if (legacy.success) return new V1ApiError({ status, code: legacy.data.code, message: legacy.data.error, details: legacy.data.details, body });
  const envelope = EnvelopeSchema.safeParse(body);
  if (envelope.success && envelope.data.error) {
    const { code, message, details } = envelope.data.error;
    return new V1ApiError({ status, code, message, details, body, envelope: envelope.data });
  }
  return new V1ApiError({
    status,
    code: status >= 500 ? "v1_unavailable" : "unexpected_response",
    message: `The image service answered HTTP ${status} without an API error body.`,
    body,
  });
}
