/**
 * End-to-end harness for tests of Inngest functions: serves the given functions with
 * the SDK's node adapter on an ephemeral loopback port and runs a local executor
 * against it, with fast timings. Other suites use it to run their functions for real:
 *
 *   const harness = await startTestExecutor({ functions: [myFunction] });
 *   const [eventId] = (await inngest.send(myEvent.create({...}))).ids;
 *   const run = await harness.waitForRun({ eventId, functionId: "atrium-my-fn" });
 *   await harness.stop();
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import { and, eq, type SQL } from "drizzle-orm";
import type { InngestFunction } from "inngest";
import { serve } from "inngest/node";
import { getDb } from "@/db/client";
import { executorRuns, executorSteps } from "@/db/schema";
import { inngest } from "@/inngest/client";
import { LocalExecutor, type ExecutorOptions } from "@/inngest/local/executor";
import { closeSenderQueue } from "@/inngest/local/queue";
import type { Run, Step } from "@/inngest/local/store";

export interface TestExecutor {
  url: string;
  executor: LocalExecutor;
  /** Waits until a matching run has ended (completed, failed or cancelled). */
  waitForRun(match: RunLookup, timeoutMs?: number): Promise<Run & { steps: Step[] }>;
  /** Stops the executor (gracefully unless told otherwise); the HTTP server keeps serving. */
  stopExecutor(options?: { graceful?: boolean }): Promise<void>;
  /** Starts a fresh executor against the same endpoint, as after a process restart. */
  restartExecutor(): Promise<void>;
  stop(): Promise<void>;
}

export type RunLookup = { runId: string } | { eventId: string; functionId?: string };

export interface TestExecutorOptions extends Partial<Omit<ExecutorOptions, "serveUrl">> {
  functions: readonly InngestFunction.Any[];
}

export async function startTestExecutor({ functions, ...options }: TestExecutorOptions): Promise<TestExecutor> {
  const server = http.createServer(serve({ client: inngest, functions }));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/inngest`;
  const executorOptions: ExecutorOptions = {
    serveUrl: url,
    concurrency: 4,
    backoffMs: 100,
    maxBackoffMs: 1000,
    pollingIntervalSeconds: 0.5,
    discoveryTimeoutMs: 5000,
    ...options,
  };
  let executor = new LocalExecutor(executorOptions);
  await executor.start();

  return {
    url,
    get executor() {
      return executor;
    },
    waitForRun: (match, timeoutMs = 20_000) => waitForRun(match, timeoutMs),
    stopExecutor: (opts) => executor.stop(opts),
    async restartExecutor() {
      executor = new LocalExecutor(executorOptions);
      await executor.start();
    },
    async stop() {
      await executor.stop({ graceful: false });
      await closeSenderQueue();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

export async function waitForRun(match: RunLookup, timeoutMs: number): Promise<Run & { steps: Step[] }> {
  const db = await getDb();
  const where: SQL | undefined =
    "runId" in match
      ? eq(executorRuns.id, match.runId)
      : and(eq(executorRuns.eventId, match.eventId), match.functionId ? eq(executorRuns.functionId, match.functionId) : undefined);
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const [run] = await db.select().from(executorRuns).where(where);
    if (run && run.status !== "running") {
      const steps = await db.select().from(executorSteps).where(eq(executorSteps.runId, run.id));
      return { ...run, steps };
    }
    if (Date.now() > deadline)
      throw new Error(`run ${JSON.stringify(match)} did not end within ${timeoutMs} ms (status: ${run?.status ?? "not started"})`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
