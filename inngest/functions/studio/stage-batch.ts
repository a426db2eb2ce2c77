/**
 * Drives a whole-listing batch: advances it every second (start photos as others
 * finish, close it when all settled) until it is done, paused or canceled. Each run
 * advances a bounded number of times, then continues in a fresh run (inngest/README.md,
 * "Polling"). The photos themselves are polled by the ordinary staging poller.
 */
import { inngest } from "@/inngest/client";
import { pollUntil } from "@/inngest/polling";
import { batchAdvance } from "@/inngest/studio-events";
import { advanceBatch } from "@/server/studio/batches/advance-batch";
import { createStudioContext } from "@/server/studio/context";

const STEPS_PER_RUN = 30;

export const stageBatchFunction = inngest.createFunction(
  { id: "studio-stage-batch", retries: 3, triggers: [batchAdvance] },
  async ({ event, step }) => {
    const { batchId, round } = event.data;
    const outcome = await pollUntil(step, {
      id: "advance",
      // Fixed, unlike the single-job poller's backoff: a late step leaves the service's queue for this listing empty.
      every: "1s",
      maxPolls: STEPS_PER_RUN,
      check: async () => advanceBatch(await createStudioContext(), batchId),
    });
    if (outcome.done) return { status: outcome.value };
    await step.sendEvent("continue", batchAdvance.create({ batchId, round: round + 1 }));
    return { continued: true };
  },
);
