/**
 * The durable side of a webhook delivery (D16): the scheduled attempts after the first
 * (which dispatchDeliveries makes at once in process) — each after its wait (about 3
 * days in all, server/v1/services/webhooks/retry-schedule.ts) until one is accepted —
 * and the first one too when the process could not make it. Every attempt is a step,
 * every wait a durable sleep, so a restart resumes the schedule where it was; the
 * delivery's claim keeps two runs from attempting at once. A manual redeliver is a run of
 * one attempt. An endpoint the attempts disable is reported to the studio, which mails
 * the workspace's owners.
 */
import { inngest } from "@/inngest/client";
import { webhookDeliveryRequested, webhookEndpointDisabled } from "@/inngest/events";
import { createVerbContext } from "@/server/context";
import { attemptDelivery } from "@/server/v1/services/webhooks/attempt-delivery";
import { deliveryDue } from "@/server/v1/services/webhooks/delivery-due";
import { SCHEDULED_ATTEMPTS } from "@/server/v1/services/webhooks/retry-schedule";

export const deliverWebhookFunction = inngest.createFunction(
  // A step fails (and is retried) only when the attempt could not be recorded, e.g. the database is away.
  { id: "v1-deliver-webhook", retries: 10, triggers: [webhookDeliveryRequested] },
  async ({ event, step }) => {
    const { deliveryId } = event.data;
    if (event.data.manual) {
      const result = await step.run("attempt", async () => attemptDelivery(await createVerbContext(), { deliveryId, manual: true }));
      return result.outcome;
    }
    // Bounded: each round is an attempt (or waits out another run's claim); a claim lost every time ends with the rescue sweep.
    for (let round = 1; round <= SCHEDULED_ATTEMPTS * 2; round++) {
      const due = await step.run(
        `due-${round}`,
        async () => (await deliveryDue((await createVerbContext()).db, { deliveryId }))?.toISOString() ?? null,
      );
      if (!due) return "done";
      await step.sleepUntil(`wait-${round}`, due);
      const result = await step.run(`attempt-${round}`, async () =>
        attemptDelivery(await createVerbContext(), { deliveryId, manual: false }),
      );
      if (result.disabled) await step.sendEvent(`endpoint-disabled-${round}`, webhookEndpointDisabled.create(result.disabled));
    }
    return "rounds used up";
  },
);
