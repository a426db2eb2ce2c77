import "server-only";
import { eq, sql } from "drizzle-orm";
import { webhookDeliveries } from "@/db/schema";
import { webhookDeliveryRequested } from "@/inngest/events";
import type { ServiceContext } from "../../context";

/**
 * Stores a webhook event and one delivery of it per endpoint, then starts a durable
 * delivery run for each. Everything is keyed by the event id, so a step that runs twice
 * stores nothing new, and the runs' event ids make a repeated start run nothing twice;
 * a crash between storing and starting is mended by the repeat.
 */
export async function queueDeliveries(
  ctx: Pick<ServiceContext, "db" | "events">,
  input: { eventId: string; accountId: string; type: string; body: Record<string, unknown>; endpointIds: string[] },
): Promise<string[]> {
  if (input.endpointIds.length === 0) return [];
  const deliveries = await ctx.db.transaction(async (tx) => {
    await tx.execute(sql`
      insert into v1.webhook_events (id, account_id, type, body) values (${input.eventId}, ${input.accountId}, ${input.type}, ${JSON.stringify(input.body)}::jsonb)
      on conflict (id) do nothing`);
    await tx
      .insert(webhookDeliveries)
      .values(input.endpointIds.map((endpointId) => ({ eventId: input.eventId, endpointId })))
      .onConflictDoNothing();
    return tx.select({ id: webhookDeliveries.id }).from(webhookDeliveries).where(eq(webhookDeliveries.eventId, input.eventId));
  });
  await ctx.events.send(deliveries.map(({ id }) => webhookDeliveryRequested.create({ deliveryId: id }, { id: `webhook-delivery-${id}` })));
  return deliveries.map(({ id }) => id);
}
