/**
 * Deletes the authorization server's expired records once a day (a cron trigger: one run
 * per tick however many instances), in batches so no statement holds the table long.
 */
import { inngest } from "@/inngest/client";
import { sweepExpiredOAuthRecords } from "@/server/oauth/sweep-expired-records";
import { createStudioContext } from "@/server/studio/context";

const BATCH = 5000;
/** A bound on one run's steps; what is left waits for the next day. */
const MAX_BATCHES = 100;

export const sweepOAuthRecordsFunction = inngest.createFunction(
  { id: "studio-sweep-oauth-records", retries: 3, triggers: [{ cron: "TZ=UTC 53 3 * * *" }] },
  async ({ step }) => {
    let removed = 0;
    for (let batch = 0; batch < MAX_BATCHES; batch++) {
      const count = await step.run(`sweep-${batch}`, async () => {
        const ctx = await createStudioContext();
        return sweepExpiredOAuthRecords(ctx.db, { now: ctx.now(), batch: BATCH });
      });
      removed += count;
      if (count < BATCH) break;
    }
    return { removed };
  },
);
