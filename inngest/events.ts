/**
 * Typed events of Atrium (inngest v4: `eventType(name, { schema })`). A function
 * lists them in `triggers`; verbs call `ctx.events.send(someEvent.create(data))` (server/context.ts), which
 * validates the data against the schema before sending.
 *
 * Event names: `<area>/<noun>.<verb>`, e.g. `v1/job.requested`. Add new events below,
 * one exported constant per event, grouped by area.
 */
import { eventType } from "inngest";
import { z } from "zod";

// --- sample (the local executor's demo; see inngest/README.md) -------------------
export const sampleChainRequested = eventType("sample/chain.requested", {
  schema: z.object({ label: z.string(), sleep: z.string().optional() }),
});

// --- v1 service ------------------------------------------------------------------
// accountId: the key of each account's share of provider time (inngest/concurrency.ts).
export const jobRequested = eventType("v1/job.requested", { schema: z.object({ groupId: z.string(), accountId: z.string() }) });
export const multiviewRequested = eventType("v1/multiview.requested", { schema: z.object({ setId: z.string(), accountId: z.string() }) });
export const multiviewRedoRequested = eventType("v1/multiview.redo-requested", {
  schema: z.object({ setId: z.string(), viewId: z.string(), attempt: z.number(), accountId: z.string() }),
});
export const videoRequested = eventType("v1/video.requested", { schema: z.object({ jobId: z.string(), accountId: z.string() }) });
/** One event for one endpoint (v1.webhook_deliveries); `manual` is a single attempt someone asked for, outside the retry schedule. */
export const webhookDeliveryRequested = eventType("v1/webhook.delivery-requested", {
  schema: z.object({ deliveryId: z.string(), manual: z.boolean().optional() }),
});
/** An endpoint failed for 5 days and was turned off: the studio mails the workspace's owners. */
export const webhookEndpointDisabled = eventType("v1/webhook.endpoint-disabled", {
  schema: z.object({ endpointId: z.string(), accountId: z.string(), url: z.string() }),
});

// --- studio ----------------------------------------------------------------------
