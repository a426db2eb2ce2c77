/**
 * The preview webhook contract (D11) as OpenAPI 3.1 `webhooks`: what the service POSTs
 * to an account's registered endpoint, how it signs it and how it retries.
 */
import "server-only";
import type { RouteConfig } from "@asteasolutions/zod-to-openapi";
import { z } from "zod";

export const WebhookEventSchema = z
  .object({
    api_version: z.literal("v1"),
    id: z.string().meta({ description: "Stable across retries: receivers dedupe by it.", example: "evt_4f9c2a…" }),
    type: z.enum(["job.completed", "job.failed"]),
    created_at: z.string().meta({ description: "ISO 8601 UTC with milliseconds." }),
    data: z.object({
      job_id: z.string().meta({ description: "The legacy group id, the video job id, or the multi-view anchor's job id." }),
      kind: z.enum(["job", "multiview", "video"]),
      status: z.string(),
      render_set_id: z.string().optional().meta({ description: "Multi-view sets only." }),
      provider: z.string().nullable().optional().meta({ description: "Legacy job groups: the provider that made the outputs (`local` is the offline provider)." }),
      preview: z.boolean().optional().meta({ description: "Legacy job groups: true when the outputs are style previews made without a generative model." }),
      disclosure: z.string().nullable().optional().meta({ description: "Legacy job groups: the label to publish the outputs with, or null." }),
    }),
  })
  .meta({ id: "WebhookEvent" });

const WEBHOOK_DESCRIPTION =
  "Preview, off unless the deployment enables webhooks; an account registers one endpoint (and gets its secret) through the " +
  "admin command line. Sent for legacy job groups, multi-view sets and videos when they become terminal. Verify " +
  "`X-Service-Signature` = `sha256=` + hex HMAC-SHA256, keyed by the endpoint secret (UTF-8 bytes), of " +
  "`X-Service-Timestamp + \".\" + raw body`, and reject timestamps more than 5 minutes off. Delivery is at least once: any " +
  "non-2xx answer (3xx included) or no answer within 15 s is retried with exponential backoff and jitter for about a day, " +
  "with the same event `id` and a fresh timestamp and signature. The endpoint URL passes the same SSRF guard as every " +
  "server-side fetch.";

function webhook(type: "job.completed" | "job.failed"): RouteConfig {
  return {
    method: "post",
    path: type,
    summary: `${type} (preview)`,
    description: WEBHOOK_DESCRIPTION,
    "x-preview": true,
    request: {
      headers: z.object({
        "X-Service-Timestamp": z.string().meta({ description: "Unix seconds when this delivery attempt was signed." }),
        "X-Service-Signature": z.string().meta({ description: "`sha256=` then the hex HMAC-SHA256 of `timestamp.rawBody`." }),
      }),
      body: { required: true, content: { "application/json": { schema: WebhookEventSchema } } },
    },
    responses: { 200: { description: "Any 2xx acknowledges the event; anything else is retried." } },
  };
}

export const WEBHOOKS = [webhook("job.completed"), webhook("job.failed")];
