/**
 * Delivers one preview webhook event, at least once: each failed attempt is retried
 * with the runtime's exponential backoff and jitter (20 retries span about a day on
 * Inngest), always with the same event id.
 */
import { inngest } from "@/inngest/client";
import { webhookRequested } from "@/inngest/events";
import { createVerbContext } from "@/server/context";
import { deliverWebhook } from "@/server/v1/services/webhooks/deliver-webhook";

export const deliverWebhookFunction = inngest.createFunction(
  { id: "v1-deliver-webhook", retries: 20, triggers: [webhookRequested] },
  async ({ event, step }) => step.run("deliver", async () => deliverWebhook(await createVerbContext(), { eventId: event.data.eventId })),
);
