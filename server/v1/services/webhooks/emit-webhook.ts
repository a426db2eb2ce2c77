/**
 * Queues a webhook event (D11, D16) for every enabled endpoint of the account that asked
 * for its type, and makes the first attempts at once. The event id is derived from what
 * happened, so a durable step that runs twice queues it once (its deliveries already
 * claimed or done are not attempted again), and every attempt of every delivery carries
 * the same id (`webhook-id`, and `id` in the body).
 */
import "server-only";
import crypto from "node:crypto";
import { and, arrayContains, eq, isNull } from "drizzle-orm";
import { env } from "@/env";
import { webhookEndpoints } from "@/db/schema";
import type { WebhookEventType } from "@/shared/vocabulary";
import type { VerbContext } from "@/server/context";
import type { OutputCheck } from "../../schemas/output-check";
import { dispatchDeliveries } from "./dispatch-deliveries";
import { queueDeliveries } from "./queue-deliveries";

export interface WebhookData {
  job_id: string;
  kind: "job" | "multiview" | "video";
  status: string;
  render_set_id?: string;
  /** Legacy job groups (D14): the provider of the outputs, and whether they are only style previews. */
  provider?: string | null;
  preview?: boolean;
  disclosure?: string | null;
  /** Legacy job groups: what GET /jobs/{id} shows as `output_checks` (D17). */
  output_checks?: OutputCheck[];
  /** Multi-view sets: each view's `output_check`, as GET /multiview shows it (D17). */
  views?: { view_index: number; output_check: OutputCheck | null }[];
}

export async function emitWebhook(
  ctx: VerbContext,
  input: { accountId: string; type: WebhookEventType; data: WebhookData },
): Promise<{ eventId: string } | null> {
  if (!env.V1_WEBHOOKS_ENABLED) return null;
  const endpoints = await ctx.db
    .select({ id: webhookEndpoints.id })
    .from(webhookEndpoints)
    .where(
      and(
        eq(webhookEndpoints.accountId, input.accountId),
        isNull(webhookEndpoints.disabledAt),
        arrayContains(webhookEndpoints.eventTypes, [input.type]),
      ),
    );
  if (endpoints.length === 0) return null;
  const digest = crypto.createHash("sha256").update(`${input.type}:${input.data.kind}:${input.data.job_id}`).digest("hex");
  const eventId = `evt_${digest.slice(0, 32)}`;
  const body = { api_version: "v1", id: eventId, type: input.type, created_at: ctx.now().toISOString(), data: input.data };
  const deliveries = await queueDeliveries(ctx, {
    eventId,
    accountId: input.accountId,
    type: input.type,
    body,
    endpointIds: endpoints.map((e) => e.id),
  });
  await dispatchDeliveries(ctx, deliveries);
  return { eventId };
}
