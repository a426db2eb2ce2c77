import { afterAll, beforeAll, expect, test } from "vitest";
import { inngest } from "../client";
import { sampleChainRequested } from "../events";
import { sampleChainFunction } from "../functions/sample-chain";
import { startTestExecutor, type TestExecutor } from "@/test/executor";

let harness: TestExecutor;
beforeAll(async () => {
  harness = await startTestExecutor({ functions: [sampleChainFunction] });
});
afterAll(async () => harness?.stop());

test("the sample chain runs to completion through serve() and the local executor", async () => {
  const { ids } = await inngest.send(sampleChainRequested.create({ label: "atrium", sleep: "1s" }));
  const run = await harness.waitForRun({ eventId: ids[0] });
  expect(run.error).toBeNull();
  expect(run.status).toBe("completed");
  expect(run.output).toEqual({ greeting: "hello atrium", shout: "HELLO ATRIUM" });
  expect(run.steps.map((s) => [s.name, s.kind, s.status]).sort()).toEqual([
    ["greet", "run", "completed"],
    ["pause", "sleep", "completed"],
    ["shout", "run", "completed"],
  ]);
});
