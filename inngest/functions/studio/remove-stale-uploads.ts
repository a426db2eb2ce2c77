/**
 * Removes uploads nobody confirmed within a day, once a day (a cron trigger: the local
 * executor and Inngest alike start one run per tick, whatever the number of instances),
 * so what is left behind goes even when nobody uploads again.
 */
import { inngest } from "@/inngest/client";
import { createStudioContext } from "@/server/studio/context";
import { removeStaleUploads } from "@/server/studio/photos/remove-stale-uploads";

/** Keys removed per step: a step's work stays short, and a failure repeats little. */
const BATCH = 200;
/** A bound on one run's steps; what is left waits for the next day. */
const MAX_BATCHES = 50;

export const removeStaleUploadsFunction = inngest.createFunction(
  { id: "studio-remove-stale-uploads", retries: 3, triggers: [{ cron: "TZ=UTC 17 3 * * *" }] },
  async ({ step }) => {
    let removed = 0;
    for (let batch = 0; batch < MAX_BATCHES; batch++) {
      const count = await step.run(`remove-${batch}`, async () => removeStaleUploads(await createStudioContext(), BATCH));
      removed += count;
      if (count < BATCH) break;
    }
    return { removed };
  },
);
