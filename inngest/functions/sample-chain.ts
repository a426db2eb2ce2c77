/**
 * A small chain used to show the executor end to end: two steps around a sleep.
 * `npm run admin -- runs start-sample` (or sending `sample/chain.requested`) starts
 * one; `npm run admin -- runs list` shows it finishing.
 */
import { inngest } from "../client";
import { sampleChainRequested } from "../events";

export const sampleChainFunction = inngest.createFunction(
  { id: "sample-chain", name: "Sample chain", triggers: [sampleChainRequested], retries: 2 },
  async ({ event, step }) => {
    const greeting = await step.run("greet", () => `hello ${event.data.label}`);
    await step.sleep("pause", event.data.sleep ?? "1s");
    const shout = await step.run("shout", () => greeting.toUpperCase());
    return { greeting, shout };
  },
);
