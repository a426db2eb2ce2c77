/**
 * Cron triggers, run as Inngest runs them: each tick of a function's schedule starts one
 * run whose event is `inngest/scheduled.timer` (`data.cron` the expression, `ts` the
 * tick). Every instance that shares the database keeps the same schedule and fires the
 * same ticks; the tick's event and run ids derive from the function, the expression and
 * the tick, so however many instances fire it, one event row and one run exist (insert
 * ... on conflict do nothing, as for any other run) and the queue hands that run to one
 * worker. A tick that passes while no instance runs is not made up, as in Inngest.
 */
import { Cron } from "croner";
import { executorEvents, type StoredEvent } from "@/db/schema";
import type { Database } from "@/db/client";
import { createRun } from "./runs";
import { stableId } from "./stable-id";

export const CRON_EVENT = "inngest/scheduled.timer";

export interface CronSchedule {
  expression: string;
  /** The first tick strictly after `after`, or null when the expression has none left. */
  next(after: Date): Date | null;
}

/**
 * Parses an Inngest cron expression: 5 fields, 6 with seconds, and an optional
 * `TZ=<IANA zone>` prefix (UTC without one, as Inngest). croner throws on anything else.
 */
export function parseCron(expression: string): CronSchedule {
  const [, zone, pattern] = /^(?:TZ=(\S+)\s+)?(.+)$/.exec(expression.trim())!;
  // Paused and given no function: croner only evaluates the pattern, it starts no timer.
  const cron = new Cron(pattern, { timezone: zone ?? "UTC", mode: "5-or-6-parts", paused: true });
  return { expression, next: (after) => cron.nextRun(after) };
}

/** Stores the tick's event and run (once, whichever instance comes first) and returns the run id. */
export async function startCronRun(db: Database, fn: { id: string; maxAttempts: number }, expression: string, tick: Date): Promise<string> {
  const event: StoredEvent = {
    id: stableId("cron", fn.id, expression, tick.toISOString()),
    name: CRON_EVENT,
    data: { cron: expression },
    ts: tick.getTime(),
  };
  const runId = stableId(event.id, fn.id);
  await db.transaction(async (tx) => {
    await tx.insert(executorEvents).values({ id: event.id, name: event.name, payload: event }).onConflictDoNothing();
    await createRun(tx, { id: runId, functionId: fn.id, event, maxAttempts: fn.maxAttempts });
  });
  return runId;
}
