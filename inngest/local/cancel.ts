/**
 * Cancelling runs. Best effort: a step already executing finishes, but its result is
 * discarded and nothing further of the run executes. Functions that must not act
 * after a cancellation should also check their own records (e.g. a deleted job).
 * With an Inngest server configured, use the function's `cancelOn` or Inngest's
 * cancellation API instead; the local executor refuses `cancelOn` at start.
 */
import { and, eq, inArray, sql, type SQL } from "drizzle-orm";
import { getDb } from "@/db/client";
import { executorRuns } from "@/db/schema";

export type RunMatch =
  | { runIds: string[] }
  | { eventId: string }
  /** Runs whose triggering event has this name and `data[dataField] === value`. */
  | { eventName: string; dataField: string; value: string | number };

function condition(match: RunMatch): SQL {
  if ("runIds" in match) return inArray(executorRuns.id, match.runIds.length ? match.runIds : [""]);
  if ("eventId" in match) return eq(executorRuns.eventId, match.eventId);
  return and(
    sql`${executorRuns.event}->>'name' = ${match.eventName}`,
    sql`${executorRuns.event}->'data'->>${match.dataField} = ${String(match.value)}`,
  )!;
}

/** Cancels the matching running runs and the runs they invoked; returns the cancelled ids. */
export async function cancelRuns(match: RunMatch): Promise<string[]> {
  const db = await getDb();
  const cancelled: string[] = [];
  let where = and(eq(executorRuns.status, "running"), condition(match));
  while (where) {
    const rows = await db
      .update(executorRuns)
      .set({ status: "cancelled", endedAt: new Date(), updatedAt: new Date() })
      .where(where)
      .returning({ id: executorRuns.id });
    if (rows.length === 0) break;
    cancelled.push(...rows.map((r) => r.id));
    where = and(
      eq(executorRuns.status, "running"),
      inArray(
        executorRuns.parentRunId,
        rows.map((r) => r.id),
      ),
    );
  }
  return cancelled;
}
