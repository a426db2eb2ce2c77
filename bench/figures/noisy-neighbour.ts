/**
 * Figure 7: fairness between accounts (issue 18). Account B's one-output staging job is
 * timed POST /job → GET /jobs/{id} completed on the idle stack, then again right after
 * account A has submitted 200 of the same jobs. With a per-account concurrency key
 * (ACCOUNT_CONCURRENCY) and round-robin between keys, B waits for at most one of A's
 * steps instead of A's whole backlog. Runs last among the app figures: A's backlog is
 * left to the dropped database.
 */
import type { Figure } from "../lib/report";
import { watchRun, type RunTimeline } from "../lib/run-timeline";
import { benchAccount, type BenchAccount } from "../lib/stack";
import { median, ms, ratio, seconds, times } from "../lib/stats";
import { photoFile, type BenchContext } from "./context";

const BACKLOG = 200;
const IDLE_RUNS = 3;
const PHOTO = "small" as const;

async function post(ctx: BenchContext, account: BenchAccount): Promise<string> {
  const response = await fetch(`${ctx.app.url}/api/v1/job`, {
    method: "POST",
    headers: { "x-api-key": account.apiKey, "content-type": "application/json" },
    body: JSON.stringify({
      source_url: ctx.images.url(photoFile(PHOTO)),
      room_type: "living_room",
      style: "modern",
      redesign_type: "staging",
      fast: true,
    }),
  });
  const body = (await response.json()) as { jobId?: string };
  if (response.status !== 200 || !body.jobId) throw new Error(`POST /job answered ${response.status}: ${JSON.stringify(body)}`);
  return body.jobId;
}

async function untilCompleted(ctx: BenchContext, account: BenchAccount, jobId: string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const response = await fetch(`${ctx.app.url}/api/v1/jobs/${jobId}`, { headers: { "x-api-key": account.apiKey } });
    const body = (await response.json()) as { status?: string };
    if (body.status === "completed") return;
    if (body.status !== "processing") throw new Error(`GET /jobs answered ${response.status}: ${JSON.stringify(body)}`);
    if (Date.now() > deadline) throw new Error(`job ${jobId} did not complete within ${timeoutMs / 1000} s`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** B's job submit → completed, and where its run's time went (run-timeline.ts). */
async function timeOne(ctx: BenchContext, account: BenchAccount, timeoutMs: number): Promise<{ ms: number; run: RunTimeline }> {
  const start = performance.now();
  const jobId = await post(ctx, account);
  const watch = watchRun(ctx.db, `job-${jobId}`);
  const completed = await untilCompleted(ctx, account, jobId, timeoutMs).then(
    () => performance.now(),
    (error: unknown) => error,
  );
  const run = await watch.stop(Date.now());
  if (typeof completed !== "number") throw completed;
  return { ms: completed - start, run };
}

/** B's run: its event's wait for ingestion, then its run's items waiting for and holding slots. */
const runCells = (run: RunTimeline) => [ms(run.ingestMs), ms(run.runMs), `${ms(run.waitedMs)} / ${ms(run.heldMs)} (${run.items} items)`];

export async function noisyNeighbour(ctx: BenchContext): Promise<Figure> {
  const a = ctx.account;
  const b = await benchAccount(ctx.db, "bench-neighbour");
  await timeOne(ctx, b, 120_000); // warm-up
  const idle: { ms: number; run: RunTimeline }[] = [];
  for (let i = 0; i < IDLE_RUNS; i++) idle.push(await timeOne(ctx, b, 120_000));
  const submitStart = performance.now();
  for (let i = 0; i < BACKLOG; i += 10) await Promise.all(Array.from({ length: Math.min(10, BACKLOG - i) }, () => post(ctx, a)));
  const submitMs = performance.now() - submitStart;
  const busy = await timeOne(ctx, b, 600_000);
  const idleMs = median(idle.map((run) => run.ms));
  const idleRun = idle.find((run) => run.ms === idleMs)?.run ?? idle[0].run;
  const r = ratio(busy.ms, idleMs);
  return {
    id: 7,
    title: "Noisy neighbour",
    method: `Account B's one-output staging job (${PHOTO} photo, POST /job → GET completed, polled every 50 ms): median of ${IDLE_RUNS} on the idle stack, then once right after account A submitted ${BACKLOG} of the same jobs (10 at a time).`,
    columns: [
      "case",
      "B submit → completed",
      "B's event queued before its run",
      "B's run created → seen completed",
      "B's slots: waiting / holding",
    ],
    rows: [
      ["idle stack (median)", ms(idleMs), ...runCells(idleRun)],
      [`behind A's ${BACKLOG} jobs`, ms(busy.ms), ...runCells(busy.run)],
    ],
    targets: [{ name: "B behind A's backlog ≤ 2× idle", met: r <= 2, detail: `${times(r)} (${ms(busy.ms)} vs ${ms(idleMs)})` }],
    notes: [`A's ${BACKLOG} submissions took ${seconds(submitMs)}; B was submitted while A's backlog was queued or running.`],
  };
}
