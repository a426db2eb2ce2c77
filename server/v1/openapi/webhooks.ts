/**
 * The webhook contract (D11, D16) as OpenAPI 3.1 `webhooks`: what the service POSTs to an
 * account's endpoints, how it signs it (the contract's headers and Standard Webhooks')
 * and how it retries.
 */
import "server-only";
import type { RouteConfig } from "@asteasolutions/zod-to-openapi";
import { z } from "zod";
import { TEST_EVENT_TYPE, WEBHOOK_EVENT_TYPES } from "@/shared/vocabulary";
import { OutputCheckSchema } from "../schemas/output-check";

export const WebhookEventSchema = z
  .object({
    api_version: z.literal("v1"),
    id: z
      .string()
      .meta({ description: "Stable across retries and equal to `webhook-id`: receivers dedupe by it.", example: "evt_4f9c2a…" }),
    type: z
      .enum([...WEBHOOK_EVENT_TYPES, TEST_EVENT_TYPE])
      .meta({ description: "`webhook.test` only when someone presses Send test event." }),
    created_at: z.string().meta({ description: "ISO 8601 UTC with milliseconds." }),
    data: z.object({
      job_id: z
        .string()
        .optional()
        .meta({ description: "The legacy group id, the video job id, or the multi-view anchor's job id (job events)." }),
      kind: z.enum(["job", "multiview", "video"]).optional().meta({ description: "Job events." }),
      status: z.string().optional().meta({ description: "Job events: the terminal status." }),
      render_set_id: z.string().optional().meta({ description: "Multi-view sets only." }),
      provider: z
        .string()
        .nullable()
        .optional()
        .meta({ description: "Legacy job groups: the provider that made the outputs (`local` is the offline provider)." }),
      preview: z
        .boolean()
        .optional()
        .meta({ description: "Legacy job groups: true when the outputs are style previews made without a generative model." }),
      disclosure: z
        .string()
        .nullable()
        .optional()
        .meta({ description: "Legacy job groups: the label to publish the outputs with, or null." }),
      output_checks: z.array(OutputCheckSchema).optional().meta({
        description:
          "Legacy job groups (D17): the structure check's verdict on each finished output, as `output_checks` in GET /jobs/{jobSource}.",
      }),
      views: z
        .array(z.object({ view_index: z.number().int(), output_check: OutputCheckSchema.nullable() }))
        .optional()
        .meta({ description: "Multi-view sets (D17): each view's structure check verdict, as `output_check` in GET /multiview." }),
      endpoint_id: z.string().optional().meta({ description: "`webhook.test` only: the endpoint it was sent to." }),
      message: z.string().optional().meta({ description: "`webhook.test` only." }),
    }),
  })
  .meta({ id: "WebhookEvent" });

const WEBHOOK_DESCRIPTION =
  "Preview, off unless the deployment enables webhooks (`V1_WEBHOOKS_ENABLED`). An account has up to 10 endpoints, each with the event " +
  "types it wants and its own `whsec_` secret, shown once: owners and admins manage them in the studio's Developers section; the operator's " +
  "`npm run admin -- webhook …` does too. Sent for legacy job groups, multi-view sets and videos when they become terminal.\n\n" +
  "**Verify** either signature, with the timestamp within 5 minutes: `webhook-signature` as Standard Webhooks defines it (`v1,` + base64 " +
  'HMAC-SHA256, keyed by the base64-decoded part of the secret after `whsec_`, of `webhook-id + "." + webhook-timestamp + "." + raw body`; ' +
  "the `standardwebhooks` libraries do it in one call), or the contract's `X-Service-Signature` = `sha256=` + hex HMAC-SHA256, keyed by the " +
  "whole secret's UTF-8 bytes, of `X-Service-Timestamp + \".\" + raw body`. While a rolled secret's overlap lasts, `webhook-signature` " +
  "carries one entry per secret and `X-Service-Signature` stays on the previous secret.\n\n" +
  "**Delivery** is at least once: any non-2xx answer (3xx included: redirects are not followed) or no answer within 15 s is retried " +
  "after 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 14 h, 20 h and 24 h (±10 %), about 3 days, with the same `webhook-id` and body and a fresh " +
  "timestamp and signatures. An endpoint that fails for 5 days without a success is disabled and the workspace's owners are mailed. " +
  "The endpoint URL must be https and passes the same SSRF guard as every server-side fetch (a development server started with `npm run dev` " +
  "also accepts receivers on its own machine: `V1_WEBHOOK_LOOPBACK`).";

/** `job.completed` → `onJobCompleted`: the receiver's side of the event, as generators name its handler. */
const operationIdOf = (type: string) =>
  `on${type
    .split(/[._]/)
    .map((word) => word[0].toUpperCase() + word.slice(1))
    .join("")}`;

function webhook(type: string): RouteConfig {
  return {
    method: "post",
    path: type,
    operationId: operationIdOf(type),
    summary: type === TEST_EVENT_TYPE ? `${type} (sent on demand)` : `${type} (preview)`,
    description: WEBHOOK_DESCRIPTION,
    "x-preview": true,
    request: {
      headers: z.object({
        "webhook-id": z.string().meta({ description: "The event id, the same on every attempt (Standard Webhooks)." }),
        "webhook-timestamp": z.string().meta({ description: "Unix seconds when this attempt was signed (Standard Webhooks)." }),
        "webhook-signature": z
          .string()
          .meta({ description: "Space-separated `v1,<base64>` entries, one per signing secret (Standard Webhooks)." }),
        "X-Service-Timestamp": z
          .string()
          .meta({ description: "Unix seconds when this delivery attempt was signed (equal to `webhook-timestamp`)." }),
        "X-Service-Signature": z.string().meta({ description: "`sha256=` then the hex HMAC-SHA256 of `timestamp.rawBody`." }),
      }),
      body: { required: true, content: { "application/json": { schema: WebhookEventSchema } } },
    },
    responses: { 200: { description: "Any 2xx acknowledges the event; anything else is retried." } },
  };
}

export const WEBHOOKS = [...WEBHOOK_EVENT_TYPES, TEST_EVENT_TYPE].map(webhook);
