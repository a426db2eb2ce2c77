/**
 * The local executor driving real functions through the SDK's serve() handler over
 * HTTP, with state in the test database.
 */
import { eventType, NonRetriableError, RetryAfterError, invoke, staticSchema } from "inngest";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { inngest } from "../client";
import { cancelRuns } from "./cancel";
import { startTestExecutor, type TestExecutor } from "@/test/executor";

const calls = new Map<string, number>();
const count = (key: string) => calls.set(key, (calls.get(key) ?? 0) + 1).get(key)!;

const kinds = eventType("test/kinds", { schema: staticSchema<{ key: string }>() });
const approved = eventType("test/approved", { schema: staticSchema<{ key: string }>() });
const followUp = eventType("test/follow-up", { schema: staticSchema<{ key: string }>() });
const flaky = eventType("test/flaky", { schema: staticSchema<{ key: string }>() });
const doomed = eventType("test/doomed", { schema: staticSchema<{ key: string; nonRetriable?: boolean }>() });
const sleepy = eventType("test/sleepy", { schema: staticSchema<{ key: string }>() });

const double = inngest.createFunction(
  { id: "t-double", triggers: [invoke(staticSchema<{ n: number }>())] },
  async ({ event }) => event.data.n * 2,
);

const everyKind = inngest.createFunction({ id: "t-kinds", triggers: [kinds] }, async ({ event, step }) => {
  const [a, b] = await Promise.all([step.run("left", () => "L"), step.run("right", () => "R")]);
  await step.sleepUntil("until", new Date(Date.now() + 300));
  await step.sendEvent("follow", followUp.create({ key: event.data.key }));
  const matched = await step.waitForEvent("approval", { event: approved, timeout: "20s", if: `async.data.key == '${event.data.key}'` });
  const missed = await step.waitForEvent("never", { event: approved, timeout: "1s", match: "data.key" });
  const doubled = await step.invoke("double", { function: double, data: { n: 21 } });
  return { a, b, matchedKey: matched?.data.key ?? null, missed, doubled };
});

const followUpFn = inngest.createFunction({ id: "t-follow-up", triggers: [followUp] }, async ({ event, step }) => {
  await step.run("announce", () => count(`follow:${event.data.key}`));
  // The approval arrives after the wait is registered, as from a person.
  await step.sleep("later", "1s");
  await step.sendEvent("approve", approved.create({ key: event.data.key }));
});

const flakyFn = inngest.createFunction({ id: "t-flaky", triggers: [flaky], retries: 3 }, async ({ event, step }) => {
  return step.run("shaky", () => {
    const n = count(`flaky:${event.data.key}`);
    if (n === 1) throw new Error("first try fails");
    if (n === 2) throw new RetryAfterError("busy", "1s");
    return n;
  });
});

const failures: unknown[] = [];
const doomedFn = inngest.createFunction(
  {
    id: "t-doomed",
    triggers: [doomed],
    retries: 1,
    onFailure: async ({ error, event }) => void failures.push({ message: error.message, key: event.data.event.data.key }),
  },
  async ({ event, step }) => {
    await step.run("hopeless", () => {
      count(`doomed:${event.data.key}`);
      if (event.data.nonRetriable) throw new NonRetriableError("no point retrying");
      throw new Error("always fails");
    });
  },
);

const sleepyFn = inngest.createFunction({ id: "t-sleepy", triggers: [sleepy] }, async ({ event, step }) => {
  await step.run("before", () => count(`before:${event.data.key}`));
  await step.sleep("nap", "1s");
  return step.run("after", () => count(`after:${event.data.key}`));
});

let harness: TestExecutor;
beforeAll(async () => {
  harness = await startTestExecutor({ functions: [double, everyKind, followUpFn, flakyFn, doomedFn, sleepyFn] });
});
afterAll(async () => harness?.stop());

const send = async (event: { name: string; data: Record<string, unknown> }) => (await inngest.send(event)).ids[0];

test("runs parallel steps, sleepUntil, sendEvent, waitForEvent (match and timeout) and invoke", async () => {
  const eventId = await send(kinds.create({ key: "k1" }));
  const run = await harness.waitForRun({ eventId, functionId: "atrium-t-kinds" }, 30_000);
  expect(run.error).toBeNull();
  expect(run.output).toEqual({ a: "L", b: "R", matchedKey: "k1", missed: null, doubled: 42 });
  expect(calls.get("follow:k1")).toBe(1);
  expect(run.disableImmediateExecution).toBe(true);
});

test("an event sent twice with the same id starts one run", async () => {
  const event = { ...sleepy.create({ key: "dup" }), id: "dedupe-me" };
  await inngest.send(event);
  await inngest.send(event);
  await harness.waitForRun({ eventId: "dedupe-me" });
  expect(calls.get("before:dup")).toBe(1);
});

test("a step retries with backoff and retry-after, then succeeds", async () => {
  const eventId = await send(flaky.create({ key: "f1" }));
  const run = await harness.waitForRun({ eventId });
  expect(run.status).toBe("completed");
  expect(run.output).toBe(3);
  expect(run.steps[0].attempt).toBe(2);
});

describe("failures", () => {
  test("exhausted retries fail the run and call onFailure with the error", async () => {
    const eventId = await send(doomed.create({ key: "d1" }));
    const run = await harness.waitForRun({ eventId, functionId: "atrium-t-doomed" });
    expect(run.status).toBe("failed");
    expect(calls.get("doomed:d1")).toBe(2);
    await harness.waitForRun({ eventId: (await failureEventId(run.id))!, functionId: "atrium-t-doomed-failure" });
    expect(failures).toContainEqual({ message: "always fails", key: "d1" });
  });

  test("a NonRetriableError fails the step on its first attempt", async () => {
    const eventId = await send(doomed.create({ key: "d2", nonRetriable: true }));
    const run = await harness.waitForRun({ eventId, functionId: "atrium-t-doomed" });
    expect(run.status).toBe("failed");
    expect(calls.get("doomed:d2")).toBe(1);
  });
});

test("sleep timers survive a restart and finished steps are not run again", async () => {
  const eventId = await send(sleepy.create({ key: "s1" }));
  await until(async () => calls.get("before:s1") === 1);
  await harness.stopExecutor();
  await harness.restartExecutor();
  const run = await harness.waitForRun({ eventId });
  expect(run.status).toBe("completed");
  expect([calls.get("before:s1"), calls.get("after:s1")]).toEqual([1, 1]);
});

test("cancelled runs stop before their next step", async () => {
  const eventId = await send(sleepy.create({ key: "c1" }));
  await until(async () => calls.get("before:c1") === 1);
  expect(await cancelRuns({ eventName: "test/sleepy", dataField: "key", value: "c1" })).toHaveLength(1);
  const run = await harness.waitForRun({ eventId });
  expect(run.status).toBe("cancelled");
  await new Promise((resolve) => setTimeout(resolve, 1500));
  expect(calls.get("after:c1")).toBeUndefined();
});

async function failureEventId(runId: string): Promise<string | undefined> {
  const { getDb } = await import("@/db/client");
  const { executorEvents } = await import("@/db/schema");
  const { sql } = await import("drizzle-orm");
  const db = await getDb();
  const [row] = await db
    .select()
    .from(executorEvents)
    .where(sql`${executorEvents.payload}->'data'->>'run_id' = ${runId}`);
  return row?.id;
}

async function until(check: () => Promise<boolean>, timeoutMs = 10_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error("condition not reached");
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
