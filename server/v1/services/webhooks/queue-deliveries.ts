import "server-only";
import { sql } from "drizzle-orm";
import type { VerbContext } from "@/server/context";

export interface QueuedDelivery {
  id: string;
  endpointId: string;
}

/**
 * Stores a webhook event and one delivery of it per endpoint, due now, in one statement
 * (this is on the path of every event: one round trip, not five). Everything is keyed by
 * the event id, so a step that runs twice stores nothing new and gets the same
 * deliveries back; what is stored is delivered at least once whatever happens next:
 * dispatchDeliveries attempts it at once, and the rescue sweep (rescue-deliveries.ts)
 * hands anything left waiting to a durable run.
 */
export async function queueDeliveries(
  ctx: Pick<VerbContext, "db" | "now">,
  input: { eventId: string; accountId: string; type: string; body: Record<string, unknown>; endpointIds: string[] },
): Promise<QueuedDelivery[]> {
  if (input.endpointIds.length === 0) return [];
  const now = ctx.now().toISOString();
  const endpoints = sql.join(
    input.endpointIds.map((id) => sql`${id}::uuid`),
    sql`, `,
  );
  // The deliveries' foreign key to the event is checked at the end of the statement, when the event row exists.
  const rows = await ctx.db.execute<{ id: string; endpoint_id: string }>(sql`
    with event as (
      insert into v1.webhook_events (id, account_id, type, body)
      values (${input.eventId}, ${input.accountId}, ${input.type}, ${JSON.stringify(input.body)}::jsonb)
      on conflict (id) do nothing
    ), added as (
      insert into v1.webhook_deliveries (event_id, endpoint_id, next_attempt_at)
      select ${input.eventId}, endpoint_id, ${now}::timestamptz from unnest(array[${endpoints}]) as endpoint_id
      on conflict (event_id, endpoint_id) do nothing
      returning id, endpoint_id
    )
    select id, endpoint_id from added
    union all
    select id, endpoint_id from v1.webhook_deliveries where event_id = ${input.eventId}`);
  return rows.map((row) => ({ id: row.id, endpointId: row.endpoint_id }));
}
