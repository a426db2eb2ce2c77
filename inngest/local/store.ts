/**
 * Reads and row-locked updates of executor state. Every change to a run happens in a
 * transaction holding the run's row lock, and first checks that the change is still
 * due (the run is running, the step is still open): a stale or duplicated queue job
 * therefore changes nothing.
 */
import { and, eq, inArray, sql } from "drizzle-orm";
import { getDb, type Tx } from "@/db/client";
import { executorRuns, executorSteps, type StepStatus } from "@/db/schema";

export type Run = typeof executorRuns.$inferSelect;
export type Step = typeof executorSteps.$inferSelect;

export const OPEN_STATUSES: StepStatus[] = ["planned", "sleeping", "waiting", "invoking"];

export async function withLockedRun<T>(runId: string, work: (tx: Tx, run: Run) => Promise<T>): Promise<T | null> {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const [run] = await tx.select().from(executorRuns).where(eq(executorRuns.id, runId)).for("update");
    if (!run || run.status !== "running") return null;
    return work(tx, run);
  });
}

export async function openSteps(tx: Tx, runId: string): Promise<Step[]> {
  return tx
    .select()
    .from(executorSteps)
    .where(and(eq(executorSteps.runId, runId), inArray(executorSteps.status, OPEN_STATUSES)));
}

export async function findStep(tx: Tx, runId: string, stepId: string): Promise<Step | undefined> {
  const [step] = await tx
    .select()
    .from(executorSteps)
    .where(and(eq(executorSteps.runId, runId), eq(executorSteps.id, stepId)));
  return step;
}

/** The memo sent back to the SDK: every finished step's data or final error. */
export async function memoOf(tx: Tx, runId: string): Promise<Record<string, { data: unknown } | { error: unknown }>> {
  const rows = await tx
    .select({ id: executorSteps.id, status: executorSteps.status, data: executorSteps.data, error: executorSteps.error })
    .from(executorSteps)
    .where(and(eq(executorSteps.runId, runId), inArray(executorSteps.status, ["completed", "failed"])));
  return Object.fromEntries(rows.map((row) => [row.id, row.status === "failed" ? { error: row.error } : { data: row.data }]));
}

export type StepOutcome = { data: unknown } | { error: unknown };

/** Closes an open step with its result and records it on the run's stack. */
export async function closeStep(tx: Tx, run: Run, stepId: string, outcome: StepOutcome): Promise<void> {
  const failed = "error" in outcome;
  await tx
    .update(executorSteps)
    .set({
      status: failed ? "failed" : "completed",
      data: failed ? null : (outcome.data ?? null),
      error: failed ? outcome.error : null,
      runAt: null,
      updatedAt: new Date(),
    })
    .where(and(eq(executorSteps.runId, run.id), eq(executorSteps.id, stepId)));
  await tx
    .update(executorRuns)
    .set({ stack: sql`${executorRuns.stack} || ${JSON.stringify([stepId])}::jsonb`, updatedAt: new Date() })
    .where(eq(executorRuns.id, run.id));
}
