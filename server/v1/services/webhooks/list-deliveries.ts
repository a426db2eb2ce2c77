import "server-only";
import { and, desc, eq, inArray, lt, or } from "drizzle-orm";
import type { Tx } from "@/db/client";
import { webhookAttempts, webhookDeliveries, webhookEndpoints, webhookEvents } from "@/db/schema";

export type DeliverySummary = Awaited<ReturnType<typeof listDeliveries>>["rows"][number];

/**
 * One page of an endpoint's delivery log, newest first: each delivery's event, state and
 * next retry, with its attempts (what the receiver answered, how fast, the first 1 KB).
 * Empty for an endpoint of another account.
 */
export async function listDeliveries(
  db: Tx,
  input: { accountId: string; endpointId: string; before?: { at: Date; id: string }; limit: number },
) {
  const deliveries = await db
    .select({
      id: webhookDeliveries.id,
      eventId: webhookDeliveries.eventId,
      eventType: webhookEvents.type,
      status: webhookDeliveries.status,
      attempts: webhookDeliveries.attempts,
      lastResponseStatus: webhookDeliveries.lastResponseStatus,
      nextAttemptAt: webhookDeliveries.nextAttemptAt,
      createdAt: webhookDeliveries.createdAt,
      deliveredAt: webhookDeliveries.deliveredAt,
    })
    .from(webhookDeliveries)
    .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpointId))
    .innerJoin(webhookEvents, eq(webhookEvents.id, webhookDeliveries.eventId))
    .where(
      and(
        eq(webhookEndpoints.accountId, input.accountId),
        eq(webhookDeliveries.endpointId, input.endpointId),
        input.before
          ? or(
              lt(webhookDeliveries.createdAt, input.before.at),
              and(eq(webhookDeliveries.createdAt, input.before.at), lt(webhookDeliveries.id, input.before.id)),
            )
          : undefined,
      ),
    )
    .orderBy(desc(webhookDeliveries.createdAt), desc(webhookDeliveries.id))
    .limit(input.limit + 1);
  const more = deliveries.length > input.limit;
  const page = more ? deliveries.slice(0, input.limit) : deliveries;
  const attempts = page.length
    ? await db
        .select({
          deliveryId: webhookAttempts.deliveryId,
          trigger: webhookAttempts.trigger,
          at: webhookAttempts.at,
          responseStatus: webhookAttempts.responseStatus,
          latencyMs: webhookAttempts.latencyMs,
          responseExcerpt: webhookAttempts.responseExcerpt,
          error: webhookAttempts.error,
        })
        .from(webhookAttempts)
        .where(
          inArray(
            webhookAttempts.deliveryId,
            page.map((d) => d.id),
          ),
        )
        .orderBy(webhookAttempts.at, webhookAttempts.id)
    : [];
  const last = page.at(-1);
  return {
    rows: page.map((delivery) => ({ ...delivery, attemptLog: attempts.filter((a) => a.deliveryId === delivery.id) })),
    next: more && last ? { at: last.createdAt, id: last.id } : null,
  };
}
