/**
 * Every five minutes, settles the synchronous jobs (inpaint, upscale, property
 * description) whose request was cut off mid-run: failed and refunded once. A cron
 * trigger, so the local executor and Inngest alike start one run per tick whatever the
 * number of instances, and no request pays for the sweep.
 */
import { inngest } from "@/inngest/client";
import { createVerbContext } from "@/server/context";
import { settleAbandonedSyncJobs } from "@/server/v1/services/media/settle-abandoned-sync-jobs";

export const settleAbandonedSyncJobsFunction = inngest.createFunction(
  { id: "v1-settle-abandoned-sync-jobs", retries: 3, triggers: [{ cron: "*/5 * * * *" }] },
  async ({ step }) => ({ settled: await step.run("settle", async () => settleAbandonedSyncJobs(await createVerbContext())) }),
);
