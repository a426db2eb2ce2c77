/**
 * Starting and ending runs. A run ended by failure emits `inngest/function.failed`
 * (which triggers the function's onFailure handler, served as `<id>-failure`); a run
 * started by step.invoke hands its result to the waiting step of its parent, in the
 * same transaction.
 */
import { eq } from "drizzle-orm";
import type { Tx } from "@/db/client";
import { executorEvents, executorRuns, type StoredEvent } from "@/db/schema";
import { stableId } from "./stable-id";
import { closeStep, findStep, type Run } from "./store";

export const FAILED_EVENT = "inngest/function.failed";

export interface NewRun {
  id: string;
  functionId: string;
  event: StoredEvent;
  maxAttempts: number;
  parentRunId?: string;
  parentStepId?: string;
}

/** Idempotent: run ids derive from what started them, so a replayed start adds nothing. */
export async function createRun(tx: Tx, run: NewRun): Promise<boolean> {
  const inserted = await tx
    .insert(executorRuns)
    .values({ ...run, eventId: run.event.id })
    .onConflictDoNothing()
    .returning({ id: executorRuns.id });
  return inserted.length > 0;
}

export interface RunEnd {
  /** Runs to reschedule after commit (a parent whose step just closed). */
  touched: string[];
  /** Events stored in this transaction that still need queueing after commit. */
  events: string[];
}

export async function endRun(tx: Tx, run: Run, outcome: { output: unknown } | { error: unknown }): Promise<RunEnd> {
  const failed = "error" in outcome;
  const now = new Date();
  await tx
    .update(executorRuns)
    .set({
      status: failed ? "failed" : "completed",
      output: failed ? null : (outcome.output ?? null),
      error: failed ? outcome.error : null,
      updatedAt: now,
      endedAt: now,
    })
    .where(eq(executorRuns.id, run.id));
  const end: RunEnd = { touched: [], events: [] };
  if (run.parentRunId && run.parentStepId) {
    const [parent] = await tx.select().from(executorRuns).where(eq(executorRuns.id, run.parentRunId)).for("update");
    const step = parent?.status === "running" ? await findStep(tx, parent.id, run.parentStepId) : undefined;
    if (parent && step?.status === "invoking") {
      await closeStep(tx, parent, step.id, failed ? { error: outcome.error } : { data: outcome.output ?? null });
      end.touched.push(parent.id);
    }
  }
  if (failed) {
    const event: StoredEvent = {
      id: stableId(run.id, FAILED_EVENT),
      name: FAILED_EVENT,
      data: { function_id: run.functionId, run_id: run.id, error: outcome.error, event: run.event },
      ts: now.getTime(),
    };
    await tx.insert(executorEvents).values({ id: event.id, name: event.name, payload: event }).onConflictDoNothing();
    end.events.push(event.id);
  }
  return end;
}
