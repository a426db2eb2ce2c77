/**
 * How long an API request's event waited before the local executor started its run:
 * the executor's own records (event received_at → run created_at). Events sent by a route
 * are picked up by pg-boss polling, so this shows the cost of the poll interval.
 */
import { eq } from "drizzle-orm";
import type { Database } from "@/db/client";
import { executorEvents, executorRuns } from "@/db/schema";

export async function queueWaitMs(db: Database, eventId: string): Promise<number> {
  const [row] = await db
    .select({ received: executorEvents.receivedAt, started: executorRuns.createdAt })
    .from(executorEvents)
    .innerJoin(executorRuns, eq(executorRuns.eventId, executorEvents.id))
    .where(eq(executorEvents.id, eventId));
  return row ? row.started.getTime() - row.received.getTime() : Number.NaN;
}
