import "server-only";
import { eq, sql } from "drizzle-orm";
import { webhookDeliveries } from "@/db/schema";
import type { ServiceContext } from "../../context";

export interface QueuedDelivery {
  id: string;
  endpointId: string;
}

/**
 * Stores a webhook event and one delivery of it per endpoint, due now. Everything is
 * keyed by the event id, so a step that runs twice stores nothing new; what is stored is
 * delivered at least once whatever happens next: dispatchDeliveries attempts it at once,
 * and the rescue sweep (rescue-deliveries.ts) hands anything left waiting to a durable run.
 */
export async function queueDeliveries(
  ctx: Pick<ServiceContext, "db" | "now">,
  input: { eventId: string; accountId: string; type: string; body: Record<string, unknown>; endpointIds: string[] },
): Promise<QueuedDelivery[]> {
  if (input.endpointIds.length === 0) return [];
  const now = ctx.now();
  return ctx.db.transaction(async (tx) => {
    await tx.execute(sql`
      insert into v1.webhook_events (id, account_id, type, body) values (${input.eventId}, ${input.accountId}, ${input.type}, ${JSON.stringify(input.body)}::jsonb)
      on conflict (id) do nothing`);
    await tx
      .insert(webhookDeliveries)
      .values(input.endpointIds.map((endpointId) => ({ eventId: input.eventId, endpointId, nextAttemptAt: now })))
      .onConflictDoNothing();
    return tx
      .select({ id: webhookDeliveries.id, endpointId: webhookDeliveries.endpointId })
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.eventId, input.eventId));
  });
}
