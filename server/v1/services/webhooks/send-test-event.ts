import "server-only";
import crypto from "node:crypto";
import { and, eq } from "drizzle-orm";
import { env } from "@/env";
import { webhookEndpoints } from "@/db/schema";
import { AppError } from "@/server/errors";
import { TEST_EVENT_TYPE } from "@/shared/vocabulary";
import type { VerbContext } from "@/server/context";
import { dispatchDeliveries } from "./dispatch-deliveries";
import { queueDeliveries } from "./queue-deliveries";

/**
 * "Send test event": a `webhook.test` event to one endpoint, whatever types it asked for,
 * signed and delivered (and retried) like any other, so a receiver can be tried before
 * real work reaches it.
 */
export async function sendTestEvent(
  ctx: VerbContext,
  input: { accountId: string; endpointId: string },
): Promise<{ eventId: string; deliveryId: string }> {
  if (!env.V1_WEBHOOKS_ENABLED) throw new AppError("feature_unavailable", "Webhooks are not enabled on this deployment.");
  const [endpoint] = await ctx.db
    .select({ id: webhookEndpoints.id, disabledAt: webhookEndpoints.disabledAt })
    .from(webhookEndpoints)
    .where(and(eq(webhookEndpoints.accountId, input.accountId), eq(webhookEndpoints.id, input.endpointId)));
  if (!endpoint) throw new AppError("not_found", "No such webhook endpoint.");
  if (endpoint.disabledAt) throw new AppError("conflict", "This endpoint is disabled. Enable it first.");
  const eventId = `evt_${crypto.randomBytes(16).toString("hex")}`;
  const body = {
    api_version: "v1",
    id: eventId,
    type: TEST_EVENT_TYPE,
    created_at: ctx.now().toISOString(),
    data: { endpoint_id: endpoint.id, message: "A test event sent from the Developers section. Nothing happened to any job." },
  };
  const deliveries = await queueDeliveries(ctx, {
    eventId,
    accountId: input.accountId,
    type: TEST_EVENT_TYPE,
    body,
    endpointIds: [endpoint.id],
  });
  await dispatchDeliveries(ctx, deliveries);
  return { eventId, deliveryId: deliveries[0].id };
}
