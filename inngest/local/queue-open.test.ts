/**
 * Several executors starting at once on a database without the work queue (app
 * instances of one deployment, the two-instance test) all find it missing and create
 * it; pg-boss's create_queue adds the queue's row and then alters tables, and two at
 * once deadlocked in Postgres, failing one instance's start.
 */
import { expect, test } from "vitest";
import { openQueue, WORK_QUEUE } from "./queue";

test("opens the work queue from four executors starting at once, on a database without it", async () => {
  // pg-boss installed, the work queue not there: the starts meet at creating it.
  const first = await openQueue({ leaseSeconds: 60, supervise: false });
  await first.deleteQueue(WORK_QUEUE);
  await first.stop({ graceful: false, wait: true });

  const opened = await Promise.allSettled(Array.from({ length: 4 }, () => openQueue({ leaseSeconds: 60, supervise: false })));
  const bosses = opened.flatMap((o) => (o.status === "fulfilled" ? [o.value] : []));
  try {
    expect(opened.flatMap((o) => (o.status === "rejected" ? [String(o.reason)] : []))).toEqual([]);
    expect(await bosses[0].getQueue(WORK_QUEUE)).toMatchObject({ name: WORK_QUEUE });
  } finally {
    await Promise.all(bosses.map((boss) => boss.stop({ graceful: false, wait: true })));
  }
});
