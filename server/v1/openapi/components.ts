/**
 * Schemas that exist only to document the API: the error code enum with its status
 * table, the generic envelope and the failed envelope every refusal on an envelope
 * route answers with. They are built from the same pieces the service validates with.
 */
import "server-only";
import { z } from "zod";
import { ERROR_CODES, V1_ERROR_CODES } from "@/server/errors";
import { envelopeSchema, ErrorInfoSchema } from "@/server/v1/schemas/common";

export type V1ErrorCode = (typeof V1_ERROR_CODES)[number];

export const statusOf = (code: V1ErrorCode): number => ERROR_CODES[code].status;

/** The code → status table of D6, as markdown, built from the one code table. */
export function errorCodeTable(): string {
  const rows = V1_ERROR_CODES.map((code) => `| \`${code}\` | ${statusOf(code)} | ${ERROR_CODES[code].message} |`);
  return ["| code | HTTP status | meaning |", "|---|---|---|", ...rows].join("\n");
}

export const ErrorCodeSchema = z.enum(V1_ERROR_CODES).meta({
  id: "ErrorCode",
  description: `Machine-readable error codes of the v1 API and the HTTP status each answers with.\n\n${errorCodeTable()}`,
});

export const EnvelopeSchema = envelopeSchema("Envelope", z.unknown()).meta({
  id: "Envelope",
  description:
    "The stable v1 envelope of the media, multi-view and tools routes. `result` is endpoint-specific and null on failure; " +
    "`error` is null unless `status` is `failed`. `credits_charged`: null = no media debit for this request (every status read), " +
    "0 = a free operation or a completed compensating refund, 1 or more = credits retained. Timestamps are ISO 8601 UTC with " +
    "milliseconds; `completed_at` is null until the job is terminal.",
});

/**
 * A refusal creates no job, so `job_id` is null; a synchronous generation that failed
 * after acceptance carries its job id and `credits_charged: 0` (refunded).
 */
export const FailedEnvelopeSchema = envelopeSchema("FailedEnvelopeBase", z.null())
  .extend({ status: z.literal("failed"), result: z.null(), error: ErrorInfoSchema })
  .meta({
    id: "FailedEnvelope",
    description:
      "Error body of envelope routes: `status` `failed`, `result` null, `error.code` one of ErrorCode. `job_id` is null when no job " +
      "was created (validation, auth, billing refusals); a synchronous generation that failed after acceptance carries its job id " +
      "and `credits_charged: 0` (its credits were refunded).",
  });
