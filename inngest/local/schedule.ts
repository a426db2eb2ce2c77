/**
 * Derives a run's queue jobs from its committed state. Called after every change and
 * whenever a job turns out stale, it also heals a job lost between a commit and its
 * send: job ids are stable, so sending what already exists inserts nothing.
 */
import { eq } from "drizzle-orm";
import type PgBoss from "pg-boss";
import { getDb } from "@/db/client";
import { executorRuns } from "@/db/schema";
import { enqueue } from "./queue";
import { openSteps } from "./store";

export async function scheduleRun(boss: PgBoss, runId: string): Promise<void> {
  const db = await getDb();
  const [run] = await db.select().from(executorRuns).where(eq(executorRuns.id, runId));
  if (!run || run.status !== "running") return;
  const open = await openSteps(db, runId);
  if (open.length === 0) {
    await enqueue(boss, { kind: "call", runId, seq: run.seq, attempt: run.attempt }, run.nextCallAt);
    return;
  }
  for (const step of open) {
    if (step.status === "planned") {
      await enqueue(boss, { kind: "step", runId, stepId: step.id, attempt: step.attempt }, step.runAt ?? undefined);
    } else if (step.runAt) {
      await enqueue(boss, { kind: "timer", runId, stepId: step.id }, step.runAt);
    }
  }
}
