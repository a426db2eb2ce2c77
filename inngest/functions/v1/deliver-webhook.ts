/**
 * Delivers one webhook event to one endpoint, at least once (D16): an attempt at once,
 * then one after each wait of the retry schedule (about 3 days,
 * server/v1/services/webhooks/retry-schedule.ts) until one is accepted. Every attempt is
 * a step, every wait a durable sleep, so a restart resumes the schedule where it was. A
 * manual redeliver is a run of one attempt. An endpoint the attempts disable is reported
 * to the studio, which mails the workspace's owners.
 */
import { inngest } from "@/inngest/client";
import { webhookDeliveryRequested, webhookEndpointDisabled } from "@/inngest/events";
import { createServiceContext } from "@/server/v1/context";
import { attemptDelivery } from "@/server/v1/services/webhooks/attempt-delivery";
import { SCHEDULED_ATTEMPTS } from "@/server/v1/services/webhooks/retry-schedule";

export const deliverWebhookFunction = inngest.createFunction(
  // A step fails (and is retried) only when the attempt could not be recorded, e.g. the database is away.
  { id: "v1-deliver-webhook", retries: 10, triggers: [webhookDeliveryRequested] },
  async ({ event, step }) => {
    const manual = event.data.manual ?? false;
    for (let attempt = 1; attempt <= SCHEDULED_ATTEMPTS; attempt++) {
      const result = await step.run(`attempt-${attempt}`, async () =>
        attemptDelivery(await createServiceContext(), { deliveryId: event.data.deliveryId, manual, scheduledAttempt: attempt }),
      );
      if (result.disabled) await step.sendEvent(`endpoint-disabled-${attempt}`, webhookEndpointDisabled.create(result.disabled));
      if (manual || !result.retryAt) return result.outcome;
      await step.sleepUntil(`wait-${attempt}`, result.retryAt);
    }
    return "failed";
  },
);
