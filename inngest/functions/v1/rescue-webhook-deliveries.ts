/**
 * Once a minute (a cron trigger: one run per tick however many instances), deliveries
 * left waiting past their due time get a durable run again (D16: at least once;
 * server/v1/services/webhooks/rescue-deliveries.ts).
 */
import { inngest } from "@/inngest/client";
import { createVerbContext } from "@/server/context";
import { rescueDeliveries } from "@/server/v1/services/webhooks/rescue-deliveries";

export const rescueWebhookDeliveriesFunction = inngest.createFunction(
  { id: "v1-rescue-webhook-deliveries", retries: 3, triggers: [{ cron: "TZ=UTC * * * * *" }] },
  async ({ step }) => step.run("rescue", async () => rescueDeliveries(await createVerbContext(), { limit: 1000 })),
);
