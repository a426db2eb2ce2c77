/** Events of the v1 service's durable work. */
import { eventType } from "inngest";
import { z } from "zod";

export const jobRequested = eventType("v1/job.requested", { schema: z.object({ groupId: z.string() }) });
export const multiviewRequested = eventType("v1/multiview.requested", { schema: z.object({ setId: z.string() }) });
export const multiviewRedoRequested = eventType("v1/multiview.redo-requested", {
  schema: z.object({ setId: z.string(), viewId: z.string(), attempt: z.number() }),
});
export const videoRequested = eventType("v1/video.requested", { schema: z.object({ jobId: z.string() }) });
export const webhookRequested = eventType("v1/webhook.requested", { schema: z.object({ eventId: z.string() }) });
