/**
 * The work queue's order: starting runs (events, first calls) go before continuing ones,
 * so one account's backlog of new runs does not hold back another account's start
 * (bench figure 7); a step admitted to a concurrency slot goes before ordinary work.
 */
import { sql } from "drizzle-orm";
import type PgBoss from "pg-boss";
import { afterAll, beforeAll, expect, test } from "vitest";
import { getDb } from "@/db/client";
import { enqueue, enqueueAdmitted, jobId, openQueue, type WorkItem } from "./queue";

let boss: PgBoss;
beforeAll(async () => {
  boss = await openQueue({ leaseSeconds: 60, supervise: false });
});
afterAll(async () => {
  await boss.stop({ graceful: false, wait: true });
});

async function priorityOf(id: string): Promise<number> {
  const db = await getDb();
  const [row] = (await db.execute(sql`select priority from pgboss.job where id = ${id}::uuid`)) as unknown as { priority: number }[];
  return row.priority;
}

test("events and first calls are fetched before admitted steps, and those before other calls and steps", async () => {
  const items: Record<string, WorkItem> = {
    event: { kind: "event", eventId: "queue-test-event" },
    firstCall: { kind: "call", runId: "queue-test-run", seq: 0, attempt: 0 },
    laterCall: { kind: "call", runId: "queue-test-run", seq: 3, attempt: 0 },
    retriedFirstCall: { kind: "call", runId: "queue-test-run", seq: 0, attempt: 1 },
    step: { kind: "step", runId: "queue-test-run", stepId: "s", attempt: 0 },
  };
  for (const item of Object.values(items)) await enqueue(boss, item);
  await enqueueAdmitted(boss, { id: "queue-test-admitted", item: items.step, admissions: 1 });
  const [admitted] = (await (
    await getDb()
  ).execute(sql`select priority from pgboss.job where data->>'admission' = 'queue-test-admitted'`)) as unknown as { priority: number }[];

  const event = await priorityOf(jobId(items.event));
  const firstCall = await priorityOf(jobId(items.firstCall));
  expect(event).toBe(firstCall);
  expect(firstCall).toBeGreaterThan(admitted.priority);
  for (const later of [items.laterCall, items.retriedFirstCall, items.step])
    expect(admitted.priority).toBeGreaterThan(await priorityOf(jobId(later)));
});
