/** The durable functions of the v1 service. */
import { deliverWebhookFunction } from "./deliver-webhook";
import { processJobGroup } from "./process-job-group";
import { processRenderSet } from "./process-render-set";
import { processVideo } from "./process-video";
import { pruneDeveloperLogsFunction } from "./prune-developer-logs";
import { redoRenderViewFunction } from "./redo-render-view";
import { rescueWebhookDeliveriesFunction } from "./rescue-webhook-deliveries";
import { settleAbandonedSyncJobsFunction } from "./settle-abandoned-sync-jobs";

export const v1Functions = [
  processJobGroup,
  processVideo,
  processRenderSet,
  redoRenderViewFunction,
  deliverWebhookFunction,
  settleAbandonedSyncJobsFunction,
  rescueWebhookDeliveriesFunction,
  pruneDeveloperLogsFunction,
];
