/**
 * Processing of one stored event: start a run of each function it triggers, and close
 * the waitForEvent steps it matches (the wait's `if` sees the waiting run's trigger as
 * `event` and the new event as `async`, as in Inngest).
 */
import { and, eq } from "drizzle-orm";
import { getDb } from "@/db/client";
import { executorEvents, executorRuns, executorSteps } from "@/db/schema";
import { compileExpression } from "./expressions";
import type { RegisteredFunction } from "./registry";
import { createRun, type RunEnd } from "./runs";
import { stableId } from "./stable-id";
import { closeStep, findStep, withLockedRun } from "./store";

export async function handleEvent(eventId: string, functions: RegisteredFunction[]): Promise<RunEnd> {
  const db = await getDb();
  const [stored] = await db.select().from(executorEvents).where(eq(executorEvents.id, eventId));
  // The job can be seen before the sender's insert commits: retry it.
  if (!stored) throw new Error(`event ${eventId} not found yet`);
  const event = stored.payload;
  const touched: string[] = [];
  for (const fn of functions) {
    const triggered = fn.triggers.some((t) => t.matches(event.name) && (!t.expression || t.expression({ event })));
    if (!triggered) continue;
    const runId = stableId(event.id, fn.id);
    await createRun(db, { id: runId, functionId: fn.id, event, maxAttempts: fn.maxAttempts });
    touched.push(runId);
  }
  const waits = await db
    .select({ runId: executorSteps.runId, id: executorSteps.id, waitIf: executorSteps.waitIf, trigger: executorRuns.event })
    .from(executorSteps)
    .innerJoin(executorRuns, eq(executorRuns.id, executorSteps.runId))
    .where(and(eq(executorSteps.waitEvent, event.name), eq(executorSteps.status, "waiting"), eq(executorRuns.status, "running")));
  for (const wait of waits) {
    if (wait.waitIf && !compileExpression(wait.waitIf)({ event: wait.trigger, async: event })) continue;
    await withLockedRun(wait.runId, async (tx, run) => {
      if ((await findStep(tx, run.id, wait.id))?.status === "waiting") await closeStep(tx, run, wait.id, { data: event });
    });
    touched.push(wait.runId);
  }
  return { touched, events: [] };
}
