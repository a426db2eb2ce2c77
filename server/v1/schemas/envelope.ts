/**
 * The stable envelope (D6) of the envelope-style routes, built from a job's state. It
 * lives in the schema layer so service verbs can answer it without knowing HTTP; the
 * HTTP layer (server/v1/http/respond.ts) chooses the status and builds refusals with it.
 */
import "server-only";
import type { ErrorInfo, JobStatus } from "@/db/schema";

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
