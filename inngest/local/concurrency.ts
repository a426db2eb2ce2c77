/**
 * Admission of steps of functions with `concurrency` limits, shared by every executor
 * on the database. A step that needs a slot is recorded as waiting; admission happens
 * in one place (dispatch), under one transaction-scoped advisory lock, so two
 * instances never admit past a limit:
 * - a limit counts admitted (executing) steps per key; sleeping or waiting runs hold no slot;
 * - within a key (the first constraint's), steps are admitted oldest run first (FIFO);
 * - between keys, the least recently served key goes first (round-robin), so one
 *   account's backlog does not delay another account's single step.
 * An admitted step holds its slots until its call ends (release) or its lease expires
 * (its process died): it then waits again and is admitted anew.
 */
import { and, asc, eq, inArray, isNotNull, lt, sql } from "drizzle-orm";
import { getDb, type Tx } from "@/db/client";
import { executorConcurrencyQueues, executorConcurrencyWaits, type ConcurrencyConstraint } from "@/db/schema";
import type { WorkItem } from "./queue";

/** pg_advisory_xact_lock key of admission ("atrium concurrency"). */
const ADMISSION_LOCK = 0x61747263;

export interface Admitted {
  id: string;
  item: WorkItem;
  admissions: number;
}

type Wait = typeof executorConcurrencyWaits.$inferSelect;

/**
 * Records the step as waiting (if it is not already known) and admits whatever fits.
 * `since` orders it in its queue: the time of the run's event, so older runs go first.
 * Returns every step admitted by this call; `self` tells whether `id` holds its slots
 * now (also when it was admitted earlier and its lease still runs).
 */
export async function requestSlot(
  id: string,
  item: WorkItem,
  constraints: ConcurrencyConstraint[],
  since: Date,
  leaseSeconds: number,
): Promise<{ self: boolean; admitted: Admitted[] }> {
  const db = await getDb();
  return db.transaction(async (tx) => {
    await lockAdmission(tx);
    const now = new Date();
    const [existing] = await tx.select().from(executorConcurrencyWaits).where(eq(executorConcurrencyWaits.id, id));
    if (existing?.admittedAt && existing.leaseUntil && existing.leaseUntil > now) {
      await tx.update(executorConcurrencyWaits).set({ leaseUntil: leaseFrom(now, leaseSeconds) }).where(eq(executorConcurrencyWaits.id, id));
      return { self: true, admitted: [] };
    }
    if (!existing) {
      await tx.insert(executorConcurrencyWaits).values({ id, item, constraints, queueKey: constraints[0].key, enqueuedAt: since });
    }
    const admitted = await dispatch(tx, now, leaseSeconds);
    return { self: admitted.some((a) => a.id === id), admitted: admitted.filter((a) => a.id !== id) };
  });
}

/** Frees the step's slots and admits whatever now fits. */
export async function releaseSlot(id: string, leaseSeconds: number): Promise<Admitted[]> {
  const db = await getDb();
  return db.transaction(async (tx) => {
    await lockAdmission(tx);
    await tx.delete(executorConcurrencyWaits).where(eq(executorConcurrencyWaits.id, id));
    return dispatch(tx, new Date(), leaseSeconds);
  });
}

/** Periodic healing: slots of expired leases go back to waiting, and what fits is admitted. */
export async function admitWaiting(leaseSeconds: number): Promise<Admitted[]> {
  const db = await getDb();
  return db.transaction(async (tx) => {
    await lockAdmission(tx);
    return dispatch(tx, new Date(), leaseSeconds);
  });
}

async function lockAdmission(tx: Tx): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${ADMISSION_LOCK})`);
}

const leaseFrom = (now: Date, seconds: number) => new Date(now.getTime() + seconds * 1000);

async function dispatch(tx: Tx, now: Date, leaseSeconds: number): Promise<Admitted[]> {
  await tx
    .update(executorConcurrencyWaits)
    .set({ admittedAt: null, leaseUntil: null })
    .where(and(isNotNull(executorConcurrencyWaits.admittedAt), lt(executorConcurrencyWaits.leaseUntil, now)));
  const rows = await tx.select().from(executorConcurrencyWaits).orderBy(asc(executorConcurrencyWaits.enqueuedAt), asc(executorConcurrencyWaits.id));
  const used = new Map<string, number>();
  const queues = new Map<string, Wait[]>();
  for (const row of rows) {
    if (row.admittedAt) for (const c of row.constraints) used.set(c.key, (used.get(c.key) ?? 0) + 1);
    else queues.set(row.queueKey, [...(queues.get(row.queueKey) ?? []), row]);
  }
  if (queues.size === 0) return [];
  const served = new Map(
    (await tx.select().from(executorConcurrencyQueues).where(inArray(executorConcurrencyQueues.key, [...queues.keys()]))).map((q) => [q.key, q.lastAdmittedAt.getTime()]),
  );
  const fits = (wait: Wait) => wait.constraints.every((c) => (used.get(c.key) ?? 0) < c.limit);
  const admitted: Admitted[] = [];
  let tick = now.getTime();
  for (;;) {
    // Round-robin: the key served longest ago (or never) first; its oldest step only (FIFO).
    const order = [...queues.keys()].sort((a, b) => (served.get(a) ?? 0) - (served.get(b) ?? 0) || queues.get(a)![0].enqueuedAt.getTime() - queues.get(b)![0].enqueuedAt.getTime());
    const key = order.find((k) => fits(queues.get(k)![0]));
    if (key === undefined) break;
    const [head, ...rest] = queues.get(key)!;
    if (rest.length > 0) queues.set(key, rest);
    else queues.delete(key);
    for (const c of head.constraints) used.set(c.key, (used.get(c.key) ?? 0) + 1);
    served.set(key, ++tick);
    admitted.push({ id: head.id, item: head.item as unknown as WorkItem, admissions: head.admissions + 1 });
  }
  for (const a of admitted) {
    await tx
      .update(executorConcurrencyWaits)
      .set({ admittedAt: now, leaseUntil: leaseFrom(now, leaseSeconds), admissions: a.admissions })
      .where(eq(executorConcurrencyWaits.id, a.id));
  }
  const touched = [...new Set(admitted.map((a) => (rows.find((r) => r.id === a.id) as Wait).queueKey))];
  for (const key of touched) {
    const lastAdmittedAt = new Date(served.get(key)!);
    await tx
      .insert(executorConcurrencyQueues)
      .values({ key, lastAdmittedAt })
      .onConflictDoUpdate({ target: executorConcurrencyQueues.key, set: { lastAdmittedAt } });
  }
  return admitted;
}
