/**
 * The pg-boss queue of the local executor: claiming, delayed work (sleeps, retries,
 * timeouts) and leases. A job names the state it acts on; the executor checks it
 * against the executor tables, so a duplicate or stale job is a no-op. A job whose
 * worker died stays active until its lease (expireInSeconds) runs out, then pg-boss
 * hands it out again.
 */
import PgBoss from "pg-boss";
import { ADVISORY_LOCKS, holdingSessionLock } from "@/db/advisory-locks";
import { databaseUrl, getDb, getSql } from "@/db/client";
import { stableId } from "./stable-id";
import { logError } from "@/server/log";

export const WORK_QUEUE = "executor-work";

/** `admission`: the call was admitted under its function's concurrency limits and holds that slot. */
export type WorkItem =
  | { kind: "call"; runId: string; seq: number; attempt: number; admission?: string }
  | { kind: "step"; runId: string; stepId: string; attempt: number; admission?: string }
  | { kind: "timer"; runId: string; stepId: string }
  | { kind: "event"; eventId: string };

export interface QueueOptions {
  leaseSeconds: number;
  maintenanceIntervalSeconds?: number;
  supervise: boolean;
  max?: number;
}

export async function openQueue(options: QueueOptions): Promise<PgBoss> {
  await getDb(); // the embedded server must be up before pg-boss connects
  const boss = new PgBoss({
    connectionString: databaseUrl(),
    schema: "pgboss",
    application_name: "atrium-executor",
    max: options.max ?? 2,
    supervise: options.supervise,
    schedule: false,
    maintenanceIntervalSeconds: options.maintenanceIntervalSeconds ?? 30,
  });
  boss.on("error", (err) => logError("[executor] queue error:", err));
  await boss.start();
  // Retries here only recover lost leases: step retries are the executor's own.
  const queue = { name: WORK_QUEUE, retryLimit: 1000, retryDelay: 1, expireInSeconds: options.leaseSeconds };
  await createdOnce(async () => {
    if (!(await boss.getQueue(WORK_QUEUE))) await boss.createQueue(WORK_QUEUE, queue);
  });
  if (options.supervise) await boss.updateQueue(WORK_QUEUE, queue);
  return boss;
}

/**
 * Executors starting together (a deployment's instances) each find the queue missing
 * and create it. pg-boss's create_queue inserts the queue's row and then alters tables,
 * and two at once deadlock in Postgres, failing a start. A session advisory lock on a
 * connection of the app's own pool makes them take turns; the later ones find the queue.
 */
async function createdOnce(work: () => Promise<void>): Promise<void> {
  const session = await (await getSql()).reserve();
  try {
    await holdingSessionLock(session, ADVISORY_LOCKS.queueCreation, work);
  } finally {
    session.release();
  }
}

export function jobId(item: WorkItem): string {
  switch (item.kind) {
    case "call":
      return stableId(item.runId, "call", item.seq, item.attempt);
    case "step":
      return stableId(item.runId, "step", item.stepId, item.attempt);
    case "timer":
      return stableId(item.runId, "timer", item.stepId);
    case "event":
      return stableId("event", item.eventId);
  }
}

/**
 * pg-boss fetches higher priorities first, FIFO within one; the queue has three bands.
 * - Starting runs (an event, a run's first call). Fairness between accounts starts only
 *   once a run has asked for its slot (concurrency keys are per run); in one FIFO, the
 *   event of an account that sent one job waited behind every queued event and first
 *   call of an account that had just sent 200 (2.5 s of bench figure 7's 4.8 s), then its
 *   first call behind theirs. Ingesting an event is a few short queries, and a first call
 *   of a limited function only parks when its key is full.
 * - Steps admitted to a concurrency slot (enqueueAdmitted).
 * - Everything else.
 */
const PRIORITY = { start: 2, admitted: 1, rest: 0 } as const;

export async function enqueue(boss: PgBoss, item: WorkItem, startAfter?: Date): Promise<void> {
  const starts = item.kind === "event" || (item.kind === "call" && item.seq === 0 && item.attempt === 0);
  const priority = starts ? PRIORITY.start : PRIORITY.rest;
  await boss.send(WORK_QUEUE, item, { id: jobId(item), priority, ...(startAfter && startAfter > new Date() ? { startAfter } : {}) });
}

/**
 * Queues a step admitted by concurrency (see concurrency.ts) to run with the slot it
 * holds, ahead of runs' other work: the slot is provider capacity kept for it, idle
 * until a worker takes it (a listing's pollers and copies would otherwise go first).
 */
export async function enqueueAdmitted(boss: PgBoss, admitted: { id: string; item: WorkItem; admissions: number }): Promise<void> {
  await boss.send(
    WORK_QUEUE,
    { ...admitted.item, admission: admitted.id },
    { id: stableId(admitted.id, "admitted", admitted.admissions), priority: PRIORITY.admitted },
  );
}

const globalCache = globalThis as unknown as { __atriumSenderQueue?: Promise<PgBoss> };

/** A queue handle for processes that only send events (the CLI, route handlers, tests). */
export function senderQueue(): Promise<PgBoss> {
  globalCache.__atriumSenderQueue ??= openQueue({ leaseSeconds: 600, supervise: false }).catch((err) => {
    globalCache.__atriumSenderQueue = undefined;
    throw err;
  });
  return globalCache.__atriumSenderQueue;
}

export async function closeSenderQueue(): Promise<void> {
  const pending = globalCache.__atriumSenderQueue;
  globalCache.__atriumSenderQueue = undefined;
  if (pending) await (await pending).stop({ graceful: false, wait: true });
}
