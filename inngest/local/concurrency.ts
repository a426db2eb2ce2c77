/**
 * Admission of steps of functions with `concurrency` limits, shared by every executor
 * on the database. A step that needs a slot is recorded as waiting; admission happens
 * in one place (dispatch), under one transaction-scoped advisory lock taken exclusively,
 * so two instances never admit past a limit (a step whose keys are full is only
 * recorded, under the same lock taken shared: see parkIfFull):
 * - a limit counts admitted (executing) steps per key; sleeping or waiting runs hold no slot;
 * - within a key (the first constraint's), steps are admitted oldest run first (FIFO);
 * - between keys, the least recently served key goes first (round-robin), so one
 *   account's backlog does not delay another account's single step.
 * An admitted step holds its slots until its call ends (release) or its lease expires
 * (its process died): it then waits again and is admitted anew.
 */
import { and, asc, eq, inArray, isNotNull, isNull, lt, sql } from "drizzle-orm";
import { ADVISORY_LOCKS } from "@/db/advisory-locks";
import { getDb, type Tx } from "@/db/client";
import { executorConcurrencyQueues, executorConcurrencyWaits, type ConcurrencyConstraint } from "@/db/schema";
import type { WorkItem } from "./queue";

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
  if (await parkIfFull(id, item, constraints, since)) return { self: false, admitted: [] };
  const db = await getDb();
  return db.transaction(async (tx) => {
    await lockAdmission(tx);
    const now = new Date();
    const [existing] = await tx.select().from(executorConcurrencyWaits).where(eq(executorConcurrencyWaits.id, id));
    if (existing?.admittedAt && existing.leaseUntil && existing.leaseUntil > now) {
      await tx
        .update(executorConcurrencyWaits)
        .set({ leaseUntil: leaseFrom(now, leaseSeconds) })
        .where(eq(executorConcurrencyWaits.id, id));
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
  await tx.execute(sql`select pg_advisory_xact_lock(${ADVISORY_LOCKS.admission})`);
}

/**
 * Records a new step as waiting without a dispatch when one of its keys is full: no
 * dispatch could admit it now, and a new waiting row frees nothing for anyone else, so
 * the dispatch would admit nothing. Under a backlog that is nearly every request (each of
 * an account's 200 runs parks once), and it takes the admission lock shared, so those
 * parkings neither queue behind one another nor hold up other accounts' admissions
 * (bench figure 7). Every change to admitted slots happens under the lock taken
 * exclusively, so a release either committed before this (its freed slot is counted
 * here, and the step goes through dispatch) or starts after it (its dispatch sees this
 * row). A slot whose lease ran out counts as free: dispatch reclaims it. False: the
 * step must go through dispatch (it may fit, or it is already known).
 */
async function parkIfFull(id: string, item: WorkItem, constraints: ConcurrencyConstraint[], since: Date): Promise<boolean> {
  const db = await getDb();
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock_shared(${ADVISORY_LOCKS.admission})`);
    const [existing] = await tx
      .select({ id: executorConcurrencyWaits.id })
      .from(executorConcurrencyWaits)
      .where(eq(executorConcurrencyWaits.id, id));
    if (existing) return false;
    const keys = constraints.map((c) => c.key);
    const rows = await tx.execute<{ key: string; used: number }>(sql`
      select c.value->>'key' as key, count(*)::int as used
      from ${executorConcurrencyWaits} w, jsonb_array_elements(w.constraints) c
      where w.admitted_at is not null and w.lease_until > ${new Date().toISOString()}::timestamptz and ${inArray(sql`c.value->>'key'`, keys)}
      group by 1`);
    const used = new Map(rows.map((row) => [row.key, row.used]));
    if (constraints.every((c) => (used.get(c.key) ?? 0) < c.limit)) return false;
    await tx.insert(executorConcurrencyWaits).values({ id, item, constraints, queueKey: constraints[0].key, enqueuedAt: since });
    return true;
  });
}

const leaseFrom = (now: Date, seconds: number) => new Date(now.getTime() + seconds * 1000);

/**
 * Admits what fits. It reads only the admitted rows (at most the sum of the limits) and
 * the head of each waiting queue, never the whole backlog: every step of every run
 * passes through here under the one lock, so a dispatch that read every waiting row made
 * one account's 200-run backlog slow down every other account's admission (bench
 * figure 7).
 */
async function dispatch(tx: Tx, now: Date, leaseSeconds: number): Promise<Admitted[]> {
  await tx
    .update(executorConcurrencyWaits)
    .set({ admittedAt: null, leaseUntil: null })
    .where(and(isNotNull(executorConcurrencyWaits.admittedAt), lt(executorConcurrencyWaits.leaseUntil, now)));
  const heads = await tx
    .selectDistinctOn([executorConcurrencyWaits.queueKey])
    .from(executorConcurrencyWaits)
    .where(isNull(executorConcurrencyWaits.admittedAt))
    .orderBy(executorConcurrencyWaits.queueKey, asc(executorConcurrencyWaits.enqueuedAt), asc(executorConcurrencyWaits.id));
  if (heads.length === 0) return [];
  const used = new Map<string, number>();
  const holding = await tx
    .select({ constraints: executorConcurrencyWaits.constraints })
    .from(executorConcurrencyWaits)
    .where(isNotNull(executorConcurrencyWaits.admittedAt));
  for (const row of holding) for (const c of row.constraints) used.set(c.key, (used.get(c.key) ?? 0) + 1);
  const queues = new Map(heads.map((head) => [head.queueKey, head]));
  const served = new Map(
    (
      await tx
        .select()
        .from(executorConcurrencyQueues)
        .where(inArray(executorConcurrencyQueues.key, [...queues.keys()]))
    ).map((q) => [q.key, q.lastAdmittedAt.getTime()]),
  );
  const fits = (wait: Wait) => wait.constraints.every((c) => (used.get(c.key) ?? 0) < c.limit);
  const admitted: Admitted[] = [];
  let tick = now.getTime();
  for (;;) {
    // Round-robin: the key served longest ago (or never) first; its oldest step only (FIFO).
    const order = [...queues.keys()].sort(
      (a, b) => (served.get(a) ?? 0) - (served.get(b) ?? 0) || queues.get(a)!.enqueuedAt.getTime() - queues.get(b)!.enqueuedAt.getTime(),
    );
    const key = order.find((k) => fits(queues.get(k)!));
    if (key === undefined) break;
    const head = queues.get(key)!;
    const next = await nextInQueue(tx, head);
    if (next) queues.set(key, next);
    else queues.delete(key);
    for (const c of head.constraints) used.set(c.key, (used.get(c.key) ?? 0) + 1);
    served.set(key, ++tick);
    admitted.push({ id: head.id, item: head.item as unknown as WorkItem, admissions: head.admissions + 1 });
    await tx
      .update(executorConcurrencyWaits)
      .set({ admittedAt: now, leaseUntil: leaseFrom(now, leaseSeconds), admissions: head.admissions + 1 })
      .where(eq(executorConcurrencyWaits.id, head.id));
    await tx
      .insert(executorConcurrencyQueues)
      .values({ key, lastAdmittedAt: new Date(tick) })
      .onConflictDoUpdate({ target: executorConcurrencyQueues.key, set: { lastAdmittedAt: new Date(tick) } });
  }
  return admitted;
}

/** The waiting step after `head` in its queue (FIFO: by run time, then id). */
async function nextInQueue(tx: Tx, head: Wait): Promise<Wait | undefined> {
  const [next] = await tx
    .select()
    .from(executorConcurrencyWaits)
    .where(
      and(
        eq(executorConcurrencyWaits.queueKey, head.queueKey),
        isNull(executorConcurrencyWaits.admittedAt),
        // Compared with the stored time: a JS Date would drop its microseconds.
        sql`(${executorConcurrencyWaits.enqueuedAt}, ${executorConcurrencyWaits.id}) > (select w.enqueued_at, w.id from executor.concurrency_waits w where w.id = ${head.id})`,
      ),
    )
    .orderBy(asc(executorConcurrencyWaits.enqueuedAt), asc(executorConcurrencyWaits.id))
    .limit(1);
  return next;
}
