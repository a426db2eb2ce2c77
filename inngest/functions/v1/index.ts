/** The durable functions of the v1 service. */
import { deliverWebhookFunction } from "./deliver-webhook";
import { processJobGroup } from "./process-job-group";
import { processVideo } from "./process-video";

export const v1Functions = [processJobGroup, processVideo, deliverWebhookFunction];
