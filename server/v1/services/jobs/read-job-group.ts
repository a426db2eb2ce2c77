import "server-only";
import { and, eq } from "drizzle-orm";
import { jobGroups, jobOutputs } from "@/db/schema";
import { AppError } from "@/server/errors";
import type { VerbContext } from "@/server/context";
import { isUuid } from "../../ids";
import { PROVIDER_HEADERS } from "../../schemas/disclosure";
import { groupProviderFields } from "./group-provider";
import { jobRecord } from "./job-record";

/**
 * GET /jobs/{jobSource} (D5): processing while any output runs; completed or
 * partially_completed with the record; all failed → 400 job_failed. Another account's
 * group is indistinguishable from a missing one. A finished group also names its
 * provider in headers (D14), as the legacy body keeps its contract shape.
 */
export async function readJobGroup(
  ctx: VerbContext,
  input: { accountId: string; jobId: string },
): Promise<{
  body: { status: "processing" | "completed" | "partially_completed"; data?: Awaited<ReturnType<typeof jobRecord>> };
  headers?: Record<string, string>;
}> {
  if (!isUuid(input.jobId)) throw new AppError("not_found", "No job with this id.");
  // One round trip: the group comes with each of its outputs (a group always has at least one).
  // Only the columns the answer needs: this is the hottest read of the API, and mapping
  // every column of both tables was a measurable share of its time (bench figure 1).
  const rows = await ctx.db
    .select({
      group: {
        id: jobGroups.id,
        style: jobGroups.style,
        roomType: jobGroups.roomType,
        intensity: jobGroups.intensity,
        color: jobGroups.color,
        redesignType: jobGroups.redesignType,
      },
      output: {
        position: jobOutputs.position,
        status: jobOutputs.status,
        error: jobOutputs.error,
        outputKey: jobOutputs.outputKey,
        provider: jobOutputs.provider,
        outputCheck: jobOutputs.outputCheck,
      },
    })
    .from(jobOutputs)
    .innerJoin(jobGroups, eq(jobGroups.id, jobOutputs.groupId))
    .where(and(eq(jobGroups.id, input.jobId), eq(jobGroups.accountId, input.accountId)));
  if (rows.length === 0) throw new AppError("not_found", "No job with this id.");
  const group = rows[0].group;
  const outputs = rows.map((row) => row.output).sort((a, b) => a.position - b.position);
  if (outputs.some((o) => o.status === "processing")) return { body: { status: "processing" } };
  const succeeded = outputs.filter((o) => o.status === "completed").length;
  if (succeeded === 0) {
    const reason = outputs.find((o) => o.error)?.error;
    throw new AppError("job_failed", reason ? `The job failed: ${reason.message}` : "The job failed.", {
      details: outputs.map((o) => ({ position: o.position, error: o.error })),
    });
  }
  const status = succeeded === outputs.length ? ("completed" as const) : ("partially_completed" as const);
  const named = groupProviderFields(group, outputs);
  const headers: Record<string, string> = { [PROVIDER_HEADERS.preview]: String(named.preview) };
  if (named.provider) headers[PROVIDER_HEADERS.provider] = named.provider;
  if (named.disclosure) headers[PROVIDER_HEADERS.disclosure] = named.disclosure;
  return { body: { status, data: await jobRecord(ctx.storage, group, outputs) }, headers };
}
