/**
 * The local executor: drives the app's Inngest functions through the SDK's own HTTP
 * protocol against its serve() endpoint, with state in Postgres and due work in a
 * pg-boss queue. Each queue job is checked against the state before and after its
 * HTTP call, so jobs may be duplicated or replayed after a crash (at-least-once
 * steps) without corrupting a run.
 */
import { and, eq } from "drizzle-orm";
import type PgBoss from "pg-boss";
import { getDb, type Tx } from "@/db/client";
import { executorRuns, executorSteps } from "@/db/schema";
import { applyOps } from "./apply-ops";
import { handleEvent } from "./on-event";
import { callFunction, retryDelayMs, type CallResult } from "./protocol";
import { admitWaiting, releaseSlot, requestSlot, type Admitted } from "./concurrency";
import { constraintsFor } from "./concurrency-config";
import { startCronRun, type CronSchedule } from "./cron";
import { enqueue, enqueueAdmitted, jobId, openQueue, WORK_QUEUE, type WorkItem } from "./queue";
import { discoverFunctions, UnsupportedFunctionConfigError, type RegisteredFunction } from "./registry";
import { endRun, type RunEnd } from "./runs";
import { scheduleRun } from "./schedule";
import { logError } from "@/server/log";
import { closeStep, findStep, memoOf, openSteps, withLockedRun, type Run } from "./store";

export interface ExecutorOptions {
  /** The serve() endpoint, e.g. http://127.0.0.1:3000/api/inngest. */
  serveUrl: string;
  concurrency?: number;
  /** How long a claimed job may run before another worker may take it over. */
  leaseSeconds?: number;
  backoffMs?: number;
  maxBackoffMs?: number;
  pollingIntervalSeconds?: number;
  maintenanceIntervalSeconds?: number;
  /** How long to keep retrying discovery while the endpoint is not up yet. */
  discoveryTimeoutMs?: number;
}

/** setTimeout's longest wait is about 24.8 days; a later tick is waited for in legs. */
const MAX_TIMER_MS = 2 ** 31 - 1;

const KNOWN_OPS = new Set(["StepRun", "StepError", "StepFailed", "StepPlanned", "Sleep", "WaitForEvent", "InvokeFunction"]);

/**
 * Executors running in this process, on globalThis because Next may bundle this module
 * more than once. Events queued by a route wake them (see ingest.ts) rather than wait
 * for their next poll.
 */
function runningExecutors(): Set<LocalExecutor> {
  const holder = globalThis as unknown as { __atriumRunningExecutors?: Set<LocalExecutor> };
  holder.__atriumRunningExecutors ??= new Set();
  return holder.__atriumRunningExecutors;
}

export function wakeLocalExecutors(): void {
  for (const executor of runningExecutors()) executor.wake();
}

/** When the run's event was sent (Inngest orders queued work by it), else when the run began. */
const eventTime = (run: { event: { ts?: unknown }; createdAt: Date }) =>
  typeof run.event.ts === "number" ? new Date(run.event.ts) : run.createdAt;

/** The first retry's delay; each later retry waits twice the one before, up to maxBackoffMs. */
export const DEFAULT_BACKOFF_MS = 2000;

export class LocalExecutor {
  private boss: PgBoss | null = null;
  private functions = new Map<string, RegisteredFunction>();
  private workerIds: string[] = [];
  private healTimer: NodeJS.Timeout | null = null;
  private cronTimers = new Set<NodeJS.Timeout>();
  readonly options: Required<ExecutorOptions>;

  constructor(options: ExecutorOptions) {
    this.options = {
      concurrency: 4,
      leaseSeconds: 600,
      backoffMs: DEFAULT_BACKOFF_MS,
      maxBackoffMs: 5 * 60_000,
      pollingIntervalSeconds: 1,
      maintenanceIntervalSeconds: 30,
      discoveryTimeoutMs: 120_000,
      ...options,
    };
  }

  get registered(): RegisteredFunction[] {
    return [...this.functions.values()];
  }

  async start(): Promise<void> {
    for (const fn of await this.discover()) this.functions.set(fn.id, fn);
    const { concurrency, leaseSeconds, maintenanceIntervalSeconds, pollingIntervalSeconds } = this.options;
    this.boss = await openQueue({ leaseSeconds, maintenanceIntervalSeconds, supervise: true, max: concurrency + 2 });
    for (let i = 0; i < concurrency; i++) {
      this.workerIds.push(
        await this.boss.work<WorkItem>(WORK_QUEUE, { batchSize: 1, pollingIntervalSeconds }, async ([job]) => this.handle(job.data)),
      );
    }
    await this.recover();
    this.healTimer = setInterval(() => {
      this.admit(() => admitWaiting(leaseSeconds)).catch((err) => logError("[executor] concurrency admission failed:", err));
    }, maintenanceIntervalSeconds * 1000);
    this.healTimer.unref();
    runningExecutors().add(this);
    const now = new Date();
    for (const fn of this.functions.values()) for (const schedule of fn.crons) this.armCron(fn.id, schedule, now);
  }

  /**
   * Waits for the first tick after `after`, fires it and waits for the next. Every
   * instance does this; startCronRun makes one run of each tick (see cron.ts).
   */
  private armCron(functionId: string, schedule: CronSchedule, after: Date): void {
    const tick = schedule.next(after);
    if (!tick || !this.boss) return;
    const timer = setTimeout(
      () => {
        this.cronTimers.delete(timer);
        if (Date.now() < tick.getTime()) return this.armCron(functionId, schedule, after);
        this.fireCronTick(functionId, schedule.expression, tick)
          .catch((err) => logError(`[executor] cron tick ${tick.toISOString()} of ${functionId} failed:`, err))
          .finally(() => this.armCron(functionId, schedule, tick));
      },
      Math.min(Math.max(tick.getTime() - Date.now(), 0), MAX_TIMER_MS),
    );
    timer.unref();
    this.cronTimers.add(timer);
  }

  /** Starts the run of one tick of a cron trigger (once, whichever instance comes first) and returns its id. */
  async fireCronTick(functionId: string, expression: string, tick: Date): Promise<string> {
    const fn = this.functions.get(functionId);
    if (!fn) throw new Error(`no function "${functionId}"`);
    const runId = await startCronRun(await getDb(), fn, expression, tick);
    await this.afterCommit({ touched: [runId], events: [] });
    return runId;
  }

  /** Wakes idle workers now instead of at their next poll (an event was just queued). */
  wake(): void {
    for (const id of this.workerIds) this.boss?.notifyWorker(id);
  }

  /** A process that died between a commit and its queue send left a run without a job: requeue every running run. */
  private async recover(): Promise<void> {
    const db = await getDb();
    const running = await db.select({ id: executorRuns.id }).from(executorRuns).where(eq(executorRuns.status, "running"));
    await this.afterCommit({ touched: running.map((r) => r.id), events: [] });
  }

  /** graceful: let claimed jobs finish; otherwise they are released for another executor at once. */
  async stop({ graceful = true }: { graceful?: boolean } = {}): Promise<void> {
    runningExecutors().delete(this);
    if (this.healTimer) clearInterval(this.healTimer);
    this.healTimer = null;
    for (const timer of this.cronTimers) clearTimeout(timer);
    this.cronTimers.clear();
    // Jobs finishing during a graceful stop still queue their follow-ups through this.boss.
    await this.boss?.stop({ graceful, wait: true, timeout: 30_000 });
    this.boss = null;
    this.workerIds = [];
  }

  private async discover(): Promise<RegisteredFunction[]> {
    const deadline = Date.now() + this.options.discoveryTimeoutMs;
    for (;;) {
      try {
        return await discoverFunctions(this.options.serveUrl);
      } catch (err) {
        if (err instanceof UnsupportedFunctionConfigError || Date.now() > deadline) throw err;
        await new Promise((resolve) => setTimeout(resolve, 500));
      }
    }
  }

  private async handle(item: WorkItem): Promise<void> {
    switch (item.kind) {
      case "call":
        return this.withSlot(item, () => this.runCall(item));
      case "step":
        return this.withSlot(item, () => this.runStep(item));
      case "timer":
        return this.fireTimer(item);
      case "event":
        return this.afterCommit(await handleEvent(item.eventId, this.registered));
    }
  }

  /**
   * Runs an SDK call of a function with `concurrency` limits only once it holds a slot
   * in each of them; otherwise it stays waiting and is queued again when admitted.
   */
  private async withSlot(item: Extract<WorkItem, { kind: "call" | "step" }>, work: () => Promise<void>): Promise<void> {
    const db = await getDb();
    const [run] = await db
      .select({
        functionId: executorRuns.functionId,
        event: executorRuns.event,
        status: executorRuns.status,
        createdAt: executorRuns.createdAt,
      })
      .from(executorRuns)
      .where(eq(executorRuns.id, item.runId));
    const config = run?.status === "running" ? this.functions.get(run.functionId)?.concurrency : undefined;
    if (!run || !config?.length) return work();
    const { admission: _, ...waiting } = item;
    const id = item.admission ?? jobId(waiting);
    const { leaseSeconds } = this.options;
    const slot = await this.admit(() =>
      requestSlot(id, waiting, constraintsFor(config, run.functionId, run.event), eventTime(run), leaseSeconds),
    );
    if (!slot?.self) {
      // Parking took no real work: without a wake, pg-boss would pause this worker for the
      // rest of its poll interval while a backlog of parkings (one account's 200 runs) and
      // other accounts' work stand queued behind it.
      this.wake();
      return;
    }
    try {
      await work();
    } finally {
      await this.admit(() => releaseSlot(id, leaseSeconds));
    }
  }

  /** Runs an admission and queues the steps it admitted. */
  private async admit<T extends Admitted[] | { self: boolean; admitted: Admitted[] }>(admission: () => Promise<T>): Promise<T | null> {
    const boss = this.boss;
    if (!boss) return null;
    const outcome = await admission();
    for (const admitted of Array.isArray(outcome) ? outcome : outcome.admitted) await enqueueAdmitted(boss, admitted);
    return outcome;
  }

  private maxAttemptsOf = (functionId: string) => this.functions.get(functionId)?.maxAttempts ?? 4;

  private retryDelay = (attempt: number, retryAfter: string | null) =>
    retryDelayMs(attempt, retryAfter, this.options.backoffMs, this.options.maxBackoffMs);

  private async snapshot(runId: string) {
    const db = await getDb();
    return db.transaction(async (tx) => {
      const [run] = await tx.select().from(executorRuns).where(eq(executorRuns.id, runId));
      if (!run || run.status !== "running") return null;
      return { run, open: await openSteps(tx, runId), memo: await memoOf(tx, runId) };
    });
  }

  private call(run: Run, memo: Awaited<ReturnType<typeof memoOf>>, stepId: string, attempt: number): Promise<CallResult> {
    return callFunction({
      serveUrl: this.options.serveUrl,
      functionId: run.functionId,
      stepId,
      runId: run.id,
      event: run.event,
      memo,
      stack: run.stack,
      attempt,
      maxAttempts: run.maxAttempts,
      disableImmediateExecution: run.disableImmediateExecution || stepId !== "step",
      version: run.version,
    });
  }

  private async runCall(item: Extract<WorkItem, { kind: "call" }>): Promise<void> {
    const state = await this.snapshot(item.runId);
    const due = state && state.open.length === 0 && state.run.seq === item.seq && state.run.attempt === item.attempt;
    if (!state || !due) return this.afterCommit({ touched: [item.runId], events: [] });
    const result = await this.call(state.run, state.memo, "step", item.attempt);
    const end = await withLockedRun(item.runId, async (tx, run) => {
      if (run.seq !== item.seq || run.attempt !== item.attempt) return null;
      const now = new Date();
      const version = run.version ?? result.version;
      if (result.kind === "done") return endRun(tx, run, { output: result.output });
      if (result.kind === "ops") {
        const unknown = result.ops.find((op) => !KNOWN_OPS.has(op.op));
        if (unknown)
          return endRun(tx, run, {
            error: { name: "UnsupportedOpError", message: `The local executor does not support the step op "${unknown.op}".` },
          });
        const children = await applyOps(tx, run, result.ops, this.applyContext(now, result.retryAfter));
        await tx
          .update(executorRuns)
          .set({
            seq: run.seq + 1,
            attempt: 0,
            version,
            disableImmediateExecution: run.disableImmediateExecution || result.ops.length > 1,
            updatedAt: now,
          })
          .where(eq(executorRuns.id, run.id));
        return { touched: [run.id, ...children], events: [] };
      }
      const attempt = run.attempt + 1;
      if (!result.retriable || attempt >= run.maxAttempts) return endRun(tx, run, { error: result.error });
      const nextCallAt = new Date(now.getTime() + this.retryDelay(attempt, result.retryAfter));
      await tx
        .update(executorRuns)
        .set({ attempt, nextCallAt, version, error: result.error, updatedAt: now })
        .where(eq(executorRuns.id, run.id));
      return { touched: [run.id], events: [] };
    });
    await this.afterCommit(end ?? { touched: [item.runId], events: [] });
  }

  private async runStep(item: Extract<WorkItem, { kind: "step" }>): Promise<void> {
    const state = await this.snapshot(item.runId);
    const step = state?.open.find((s) => s.id === item.stepId);
    if (!state || step?.status !== "planned" || step.attempt !== item.attempt)
      return this.afterCommit({ touched: [item.runId], events: [] });
    const result = await this.call(state.run, state.memo, item.stepId, item.attempt);
    await withLockedRun(item.runId, async (tx, run) => {
      const current = await findStep(tx, run.id, item.stepId);
      if (current?.status !== "planned" || current.attempt !== item.attempt) return;
      const now = new Date();
      if (result.kind === "ops" && result.ops.every((op) => KNOWN_OPS.has(op.op))) {
        await applyOps(tx, run, result.ops, this.applyContext(now, result.retryAfter));
        return;
      }
      // The step did not report itself (e.g. it was not reached): count it as a failed attempt.
      const error = result.kind === "error" ? result.error : { name: "Error", message: `Step ${item.stepId} was not run by the SDK` };
      const attempt = current.attempt + 1;
      if (attempt >= run.maxAttempts || (result.kind === "error" && !result.retriable)) {
        await closeStep(tx, run, item.stepId, { error });
        return;
      }
      const runAt = new Date(now.getTime() + this.retryDelay(attempt, result.kind === "error" ? result.retryAfter : null));
      await this.applyRetry(tx, run.id, item.stepId, attempt, runAt, error);
    });
    await this.afterCommit({ touched: [item.runId], events: [] });
  }

  private async applyRetry(tx: Tx, runId: string, stepId: string, attempt: number, runAt: Date, error: unknown) {
    await tx
      .update(executorSteps)
      .set({ attempt, runAt, error, updatedAt: new Date() })
      .where(and(eq(executorSteps.runId, runId), eq(executorSteps.id, stepId)));
  }

  private async fireTimer(item: Extract<WorkItem, { kind: "timer" }>): Promise<void> {
    await withLockedRun(item.runId, async (tx, run) => {
      const step = await findStep(tx, run.id, item.stepId);
      if (step?.status === "sleeping" || step?.status === "waiting") await closeStep(tx, run, step.id, { data: null });
      if (step?.status === "invoking") {
        await closeStep(tx, run, step.id, { error: { name: "InngestInvokeTimeoutError", message: "step.invoke timed out" } });
      }
    });
    await this.afterCommit({ touched: [item.runId], events: [] });
  }

  private applyContext(now: Date, retryAfter: string | null) {
    return { now, retryAfter, retryDelayMs: this.retryDelay, maxAttemptsOf: this.maxAttemptsOf };
  }

  /** Queues whatever the committed state now calls for, then wakes idle workers. */
  private async afterCommit(end: RunEnd): Promise<void> {
    const boss = this.boss;
    if (!boss) return;
    for (const eventId of end.events) await enqueue(boss, { kind: "event", eventId });
    for (const runId of new Set(end.touched)) await scheduleRun(boss, runId);
    for (const id of this.workerIds) boss.notifyWorker(id);
  }
}
