import { InngestTestEngine } from "@inngest/test";
import { expect, test } from "vitest";
import { sampleChainFunction } from "./sample-chain";

test("the sample chain greets, sleeps, then shouts (step flow with @inngest/test)", async () => {
  const engine = new InngestTestEngine({
    function: sampleChainFunction,
    events: [{ name: "sample/chain.requested", data: { label: "flow", sleep: "1h" } }],
    // An unmocked sleep never finishes under @inngest/test: mock every sleep id reached.
    steps: [{ id: "pause", handler: () => null }],
  });
  const { result, ctx } = await engine.execute();
  expect(result).toEqual({ greeting: "hello flow", shout: "HELLO FLOW" });
  expect(ctx.step.sleep).toHaveBeenCalledWith("pause", "1h");
});
