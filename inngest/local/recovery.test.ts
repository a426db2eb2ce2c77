/**
 * Lease loss and refused configuration: a worker that disappears mid-step loses its
 * job to the next executor, which runs the step again (at-least-once) without
 * repeating steps that had finished.
 */
import { eventType, staticSchema } from "inngest";
import { afterAll, expect, test } from "vitest";
import { inngest } from "../client";
import { registerFunction, UnsupportedFunctionConfigError } from "./registry";
import { startTestExecutor } from "@/test/executor";

const crashy = eventType("test/crashy", { schema: staticSchema<{ key: string }>() });
const calls = { first: 0, slow: 0 };
let releaseFirstAttempt: () => void = () => {};

const crashyFn = inngest.createFunction({ id: "t-crashy", triggers: [crashy] }, async ({ step }) => {
  await step.run("first", () => ++calls.first);
  return step.run("slow", async () => {
    calls.slow += 1;
    // The first attempt hangs like a worker whose process froze.
    if (calls.slow === 1) await new Promise<void>((resolve) => (releaseFirstAttempt = resolve));
    return "done";
  });
});

const harness = await startTestExecutor({ functions: [crashyFn] });
afterAll(async () => harness.stop());

test("a step whose worker died is run again by the next executor; finished steps are not", async () => {
  const { ids } = await inngest.send(crashy.create({ key: "x" }));
  const deadline = Date.now() + 10_000;
  while (calls.slow === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
  // Not graceful: pg-boss releases the claimed job at once, as an expired lease would.
  await harness.stopExecutor({ graceful: false });
  await harness.restartExecutor();
  const run = await harness.waitForRun({ eventId: ids[0] });
  releaseFirstAttempt();
  expect(run.status).toBe("completed");
  expect(run.output).toBe("done");
  expect(calls).toEqual({ first: 1, slow: 2 });
});

test("options the local executor does not honour are refused with the function id", async () => {
  const cron = inngest.createFunction({ id: "t-cron", triggers: [{ cron: "every day at noon" }] }, async () => null);
  await expect(startTestExecutor({ functions: [cron] })).rejects.toThrow(/t-cron.*cron expression it cannot read/);
  const cases: Array<[Record<string, unknown>, RegExp]> = [
    [{ concurrency: [{ limit: 1 }, { limit: 2 }, { limit: 3 }] }, /"atrium-x" uses more than two concurrency options/],
    [{ concurrency: { limit: 2, scope: "account" } }, /scope "account" without a key/],
    [{ concurrency: { limit: 2, key: "event.data.n > 3" } }, /concurrency key/],
    [{ throttle: { limit: 1, period: "1s" } }, /"throttle"/],
    [{ debounce: { period: "1s" } }, /"debounce"/],
    [{ cancel: [{ event: "x" }] }, /"cancel"/],
    [{ batchEvents: { maxSize: 2, timeout: "1s" } }, /"batchEvents"/],
    [{ rateLimit: { limit: 1, period: "1s" } }, /"rateLimit"/],
    [{ priority: { run: "1" } }, /"priority"/],
    [{ triggers: [{ event: "a", expression: "event.data.n > 3" }] }, /expression/],
  ];
  for (const [option, message] of cases) {
    expect(() => registerFunction({ id: "atrium-x", triggers: [{ event: "a" }], ...option })).toThrow(UnsupportedFunctionConfigError);
    expect(() => registerFunction({ id: "atrium-x", triggers: [{ event: "a" }], ...option })).toThrow(message);
  }
});
