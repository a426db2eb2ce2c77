/** Makes the copies a project's old images lack (server/studio/photos/make-missing-copies.ts), ten per step, one run per project at a time. */
import { inngest } from "@/inngest/client";
import { copiesRequested } from "@/inngest/studio-events";
import { createStudioContext } from "@/server/studio/context";
import { makeMissingCopies } from "@/server/studio/photos/make-missing-copies";

const PER_STEP = 10;
// A bound on one run's steps; a project with more old images continues on its next page load.
const MAX_STEPS = 100;

export const makeMissingCopiesFunction = inngest.createFunction(
  { id: "studio-make-missing-copies", retries: 3, concurrency: { limit: 1, key: "event.data.projectId" }, triggers: [copiesRequested] },
  async ({ event, step }) => {
    let made = 0;
    for (let round = 0; round < MAX_STEPS; round++) {
      const batch = await step.run(`copies-${round}`, async () =>
        makeMissingCopies(await createStudioContext(), { ...event.data, limit: PER_STEP }),
      );
      made += batch.made;
      if (!batch.maybeMore) break;
    }
    return { made };
  },
);
