/**
 * The two body shapes of the v1 API: the stable envelope (D6) and the legacy bodies
 * of the job routes, /me and /delete (D5). Every error body is built here, from an
 * AppError, so none can carry a stack trace or a key.
 */
import type { ErrorInfo, JobStatus } from "@/db/schema";
import type { AppError } from "@/server/errors";

export type ResponseStyle = "envelope" | "legacy";

export interface Envelope<R = unknown> {
  job_id: string | null;
  status: JobStatus;
  result: R | null;
  error: ErrorInfo | null;
  credits_charged: number | null;
  timestamps: { created_at: string | null; updated_at: string | null; completed_at: string | null };
}

const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null);

export function envelope<R>(input: {
  jobId: string | null;
  status: JobStatus;
  result?: R | null;
  error?: ErrorInfo | null;
  creditsCharged: number | null;
  createdAt: Date;
  updatedAt: Date;
  completedAt: Date | null;
}): Envelope<R> {
  const failed = input.status === "failed";
  return {
    job_id: input.jobId,
    status: input.status,
    result: failed ? null : (input.result ?? null),
    error: failed ? (input.error ?? { code: "internal_error", message: "The job failed." }) : null,
    credits_charged: input.creditsCharged,
    timestamps: { created_at: iso(input.createdAt), updated_at: iso(input.updatedAt), completed_at: iso(input.completedAt) },
  };
}

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
