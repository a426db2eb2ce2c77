/** Recent runs of the local executor with their steps, for the CLI and the dev page. */
import { desc, eq, inArray } from "drizzle-orm";
import { getDb } from "@/db/client";
import { executorRuns, executorSteps, type RunStatus } from "@/db/schema";

export async function listRuns(limit = 50, status?: RunStatus) {
  const db = await getDb();
  const runs = await db
    .select()
    .from(executorRuns)
    .where(status ? eq(executorRuns.status, status) : undefined)
    .orderBy(desc(executorRuns.createdAt))
    .limit(limit);
  const steps = runs.length
    ? await db
        .select()
        .from(executorSteps)
        .where(
          inArray(
            executorSteps.runId,
            runs.map((r) => r.id),
          ),
        )
        .orderBy(executorSteps.createdAt)
    : [];
  return runs.map((run) => ({
    id: run.id,
    functionId: run.functionId,
    event: run.event.name,
    status: run.status,
    createdAt: run.createdAt,
    endedAt: run.endedAt,
    error: run.error,
    steps: steps
      .filter((s) => s.runId === run.id)
      .map((s) => ({ name: s.name, kind: s.kind, status: s.status, attempt: s.attempt, runAt: s.runAt })),
  }));
}
