/**
 * Processes a legacy job group: one durable step per output (retried on transient
 * provider errors, failed at once on permanent ones), then settles the group.
 */
import { inngest } from "@/inngest/client";
import { providerConcurrency } from "@/inngest/concurrency";
import { jobRequested } from "@/inngest/events";
import { createVerbContext } from "@/server/context";
import { failJobOutput } from "@/server/v1/services/jobs/fail-job-output";
import { finishJobGroup } from "@/server/v1/services/jobs/finish-job-group";
import { generateJobOutput } from "@/server/v1/services/jobs/generate-job-output";
import { listGroupOutputs } from "@/server/v1/services/jobs/list-group-outputs";
import { runProviderStep } from "./provider-step";

export const processJobGroup = inngest.createFunction(
  { id: "v1-process-job-group", retries: 3, triggers: [jobRequested], concurrency: providerConcurrency("redesign") },
  async ({ event, step }) => {
    const { groupId } = event.data;
    const outputIds = await step.run("list-outputs", async () => listGroupOutputs(await createVerbContext(), { groupId }));
    for (const [position, outputId] of outputIds.entries()) {
      await runProviderStep(
        step,
        { work: `generate-output-${position}`, fail: `fail-output-${position}` },
        (ctx) => generateJobOutput(ctx, { outputId }),
        (ctx, error) => failJobOutput(ctx, { outputId, error }),
      );
    }
    return step.run("finish-group", async () => finishJobGroup(await createVerbContext(), { groupId }));
  },
);
