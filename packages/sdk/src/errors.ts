import type { ErrorCode, FailedEnvelope } from "./types.ts";

/**
 * Codes of the SDK's own: `v1_unavailable` (no HTTP answer, or a 5xx whose body is not
 * the API's), `unexpected_response` (an answer outside the contract), `wait_timeout`
 * (a wait helper gave up) and `aborted` (the caller's AbortSignal ended a call or a
 * wait; `cause` is the signal's reason). A newer server may send codes this version
 * does not know.
 */
export type ClientErrorCode = "v1_unavailable" | "unexpected_response" | "wait_timeout" | "aborted";
export type AtriumErrorCode = ErrorCode | ClientErrorCode | (string & {});

/** Every refusal or failure of a call, whichever body style the route answers in (legacy `{error, code}` or the envelope). */
export class AtriumApiError extends Error {
  readonly status: number;
  readonly code: AtriumErrorCode;
  readonly details: unknown;
  /** The raw response body (parsed JSON, or the text when it was not JSON). */
  readonly body: unknown;
  /** The failed envelope, on envelope routes: a synchronous 502 carries its job id and `credits_charged` here. */
  readonly envelope: FailedEnvelope | null;
  /** The answer's `x-request-id`, to quote when asking for help; null when there was no answer. */
  readonly requestId: string | null;

  constructor(init: {
    status: number;
    code: AtriumErrorCode;
    message: string;
    details?: unknown;
    body?: unknown;
    envelope?: FailedEnvelope | null;
    requestId?: string | null;
    cause?: unknown;
  }) {
    super(init.message, { cause: init.cause });
    this.name = "AtriumApiError";
    this.status = init.status;
    this.code = init.code;
    this.details = init.details;
    this.body = init.body;
    this.envelope = init.envelope ?? null;
    this.requestId = init.requestId ?? null;
  }
}

/**
 * Narrows an unknown failure to an AtriumApiError, optionally of one code: `if (isAtriumError(e, "insufficient_credits"))`.
 * Recognised by its name and fields as well as its class: a bundler may put two copies of
 * this package in one program, and an error of one copy is no instance of the other's class.
 */
export function isAtriumError<C extends AtriumErrorCode>(error: unknown, code?: C): error is AtriumApiError & { code: C } {
  const recognised =
    error instanceof AtriumApiError ||
    (error instanceof Error &&
      error.name === "AtriumApiError" &&
      typeof (error as { code?: unknown }).code === "string" &&
      typeof (error as { status?: unknown }).status === "number");
  return recognised && (code === undefined || (error as AtriumApiError).code === code);
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null && !Array.isArray(value);

/** The service's code in an error body of either style, or null when the body is not the API's. */
export function apiErrorCode(body: unknown): string | null {
  if (!isRecord(body)) return null;
  if (typeof body.code === "string" && typeof body.error === "string") return body.code;
  if (isRecord(body.error) && typeof body.error.code === "string" && "status" in body) return body.error.code;
  return null;
}

/** Turns a non-2xx answer into an AtriumApiError, reading the legacy and the envelope error bodies alike. */
export function errorFromResponse(status: number, body: unknown, requestId: string | null): AtriumApiError {
  if (isRecord(body) && typeof body.code === "string" && typeof body.error === "string") {
    return new AtriumApiError({ status, code: body.code, message: body.error, details: body.details, body, requestId });
  }
  if (isRecord(body) && isRecord(body.error) && typeof body.error.code === "string" && "status" in body) {
    const { code, message, details } = body.error;
    return new AtriumApiError({
      status,
      code,
      message: String(message ?? code),
      details,
      body,
      envelope: body as FailedEnvelope,
      requestId,
    });
  }
  return new AtriumApiError({
    status,
    code: status >= 500 ? "v1_unavailable" : "unexpected_response",
    message: `The image service answered HTTP ${status} without an API error body.`,
    body,
    requestId,
  });
}
