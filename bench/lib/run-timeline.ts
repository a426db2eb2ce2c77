/**
 * Where one run's time went under concurrency limits, read from the local executor's own
 * tables while the run is live:
 * - the event's arrival (executor.events received_at) and the run's creation
 *   (executor.runs), so the wait for ingestion is known;
 * - each work item of the run that needs a slot, from executor.concurrency_waits: a row
 *   exists from when the item asks for a slot (its enqueued_at is the run's event time,
 *   which orders runs FIFO, so the poller's first sight stands for the ask) through its
 *   admission (admitted_at) until its call ends (the row is deleted).
 * Polled every POLL_MS, so each span is known to that resolution. Figure 7 uses it to tell
 * waiting (for ingestion or a slot) apart from running slowly in a slot.
 */
import { sql } from "drizzle-orm";
import type { Database } from "@/db/client";

const POLL_MS = 10;

export interface RunTimeline {
  /** Event received → run created: the event's wait in the work queue. */
  ingestMs: number;
  /** Work items of the run seen holding a slot. */
  items: number;
  /** Summed time items were seen waiting for a slot before admission. */
  waitedMs: number;
  /** Summed time from admission to the end of the call (slot held). */
  heldMs: number;
  /** Run created → the client saw the job completed (the wall time passed to stop). */
  runMs: number;
}

type WaitRow = { id: string; admitted_at: Date | null; seen_at: Date };
type RunRow = { received_at: Date; created_at: Date | null };

const time = (value: Date | string | null) => (value === null ? null : new Date(value).getTime());

export function watchRun(db: Database, eventId: string): { stop(completedAt: number): Promise<RunTimeline> } {
  const items = new Map<string, { firstSeen: number; admitted: number | null; lastSeen: number }>();
  let running = true;
  const polling = (async () => {
    while (running) {
      const rows = (await db.execute(sql`
        select w.id, w.admitted_at, clock_timestamp() as seen_at
        from executor.concurrency_waits w
        join executor.runs r on r.id = w.item->>'runId'
        where r.event_id = ${eventId}`)) as unknown as WaitRow[];
      for (const row of rows) {
        const seen = time(row.seen_at)!;
        const known = items.get(row.id);
        items.set(row.id, { firstSeen: known?.firstSeen ?? seen, admitted: time(row.admitted_at), lastSeen: seen });
      }
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    }
  })();
  return {
    async stop(completedAt) {
      running = false;
      await polling;
      const [run] = (await db.execute(sql`
        select e.received_at, r.created_at
        from executor.events e left join executor.runs r on r.event_id = e.id
        where e.id = ${eventId}
        order by r.created_at limit 1`)) as unknown as RunRow[];
      const admitted = [...items.values()].filter((item) => item.admitted !== null);
      const [received, created] = [time(run?.received_at ?? null), time(run?.created_at ?? null)];
      return {
        ingestMs: received !== null && created !== null ? created - received : Number.NaN,
        items: admitted.length,
        // An item first seen already admitted waited less than one poll.
        waitedMs: admitted.reduce((sum, item) => sum + Math.max(0, item.admitted! - item.firstSeen), 0),
        heldMs: admitted.reduce((sum, item) => sum + (item.lastSeen - item.admitted!), 0),
        runMs: created !== null ? completedAt - created : Number.NaN,
      };
    },
  };
}
