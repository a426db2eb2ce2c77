/**
 * Keeps the request log and the webhook delivery log to their 30 days (D16), once a day
 * (a cron trigger: one run per tick however many instances), in batches so no statement
 * holds the tables long.
 */
import { inngest } from "@/inngest/client";
import { createVerbContext } from "@/server/context";
import { pruneDeveloperLogs } from "@/server/v1/services/requests/prune-developer-logs";

const BATCH = 5000;
/** A bound on one run's steps (2.5 million rows of each); what is left waits for the next day. */
const MAX_BATCHES = 500;

export const pruneDeveloperLogsFunction = inngest.createFunction(
  { id: "v1-prune-developer-logs", retries: 3, triggers: [{ cron: "TZ=UTC 41 2 * * *" }] },
  async ({ step }) => {
    let requests = 0;
    let events = 0;
    for (let batch = 0; batch < MAX_BATCHES; batch++) {
      const removed = await step.run(`prune-${batch}`, async () => {
        const ctx = await createVerbContext();
        return pruneDeveloperLogs(ctx.db, { now: ctx.now(), batch: BATCH });
      });
      requests += removed.requests;
      events += removed.events;
      if (removed.requests < BATCH && removed.events < BATCH) break;
    }
    return { requests, events };
  },
);
