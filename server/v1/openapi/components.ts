/**
 * Schemas that exist only to document the API: the error code enum with its status
 * table, and the two error bodies every refusal answers with, whose `code` is one of it
 * (the legacy `{error, code}` and the failed envelope). They are built from the same
 * pieces the service answers with.
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

/**
 * A refusal creates no job, so `job_id` is null; a synchronous generation that failed
 * after acceptance carries its job id and `credits_charged: 0` (refunded).
 */
export const FailedEnvelopeSchema = envelopeSchema("FailedEnvelopeBase", z.null())
  .extend({ status: z.literal("failed"), result: z.null(), error: ErrorInfoSchema.extend({ code: ErrorCodeSchema }) })
  .meta({
    id: "FailedEnvelope",
    description:
      "Error body of envelope routes: `status` `failed`, `result` null, `error.code` one of ErrorCode. `job_id` is null when no job " +
      "was created (validation, auth, billing refusals); a synchronous generation that failed after acceptance carries its job id " +
      "and `credits_charged: 0` (its credits were refunded).",
  });

/** The error body of the legacy routes (D5, D13). */
export const LegacyErrorSchema = z
  .object({ error: z.string(), code: ErrorCodeSchema, details: z.unknown().optional() })
  .meta({ id: "LegacyError" });
