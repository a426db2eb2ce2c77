/**
 * Processes a legacy job group: one durable step per output (retried on transient
 * provider errors, failed at once on permanent ones), then settles the group.
 */
import { eq } from "drizzle-orm";
import { jobOutputs } from "@/db/schema";
import { inngest } from "@/inngest/client";
import { jobRequested } from "@/inngest/events";
import { createServiceContext } from "@/server/v1/context";
import { failJobOutput } from "@/server/v1/services/jobs/fail-job-output";
import { finishJobGroup } from "@/server/v1/services/jobs/finish-job-group";
import { generateJobOutput } from "@/server/v1/services/jobs/generate-job-output";
import { providerFailure } from "@/server/v1/services/providers/provider-failure";
import { providerStep } from "./retryable";
import { providerConcurrency } from "@/inngest/concurrency";

export async function processJobGroupHandler({ event, step }: { event: { data: { groupId: string } }; step: any }) {
  const outputIds: string[] = await step.run("list-outputs", async () => {
    const ctx = await createServiceContext();
    const rows = await ctx.db.select({ id: jobOutputs.id }).from(jobOutputs).where(eq(jobOutputs.groupId, event.data.groupId)).orderBy(jobOutputs.position);
    return rows.map((r) => r.id);
  });
  for (const [position, outputId] of outputIds.entries()) {
    let failure = null;
    try {
      const outcome = await step.run(`generate-output-${position}`, async () => providerStep(async () => generateJobOutput(await createServiceContext(), { outputId })));
      if ("failed" in outcome) failure = outcome.failed;
    } catch (error) {
      failure = providerFailure(error);
    }
    if (failure) {
      const error = failure;
      await step.run(`fail-output-${position}`, async () => failJobOutput(await createServiceContext(), { outputId, error }));
    }
  }
  return step.run("finish-group", async () => finishJobGroup(await createServiceContext(), { groupId: event.data.groupId }));
}

export const processJobGroup = inngest.createFunction(
  { id: "v1-process-job-group", retries: 3, triggers: [jobRequested], concurrency: providerConcurrency("redesign") },
  processJobGroupHandler,
);

