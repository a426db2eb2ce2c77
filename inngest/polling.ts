/**
 * Bounded polling. Every poll of a `step.sleep` loop adds memo entries that are sent
 * back on every later call, so a run that polls forever grows without bound. pollUntil
 * polls at most `maxPolls` times; when it gives up the caller continues in a fresh
 * run by sending its own trigger again (see inngest/README.md, "Polling").
 */
import type { GetStepTools } from "inngest";
import type { inngest } from "./client";

type Steps = GetStepTools<typeof inngest>;

export type PollResult<T> = { done: true; value: T } | { done: false };

export async function pollUntil<T>(
  step: Steps,
  options: { id: string; every: string; maxPolls: number; check: () => Promise<PollResult<T>> },
): Promise<PollResult<T>> {
  for (let poll = 0; poll < options.maxPolls; poll++) {
    const result = (await step.run(`${options.id}-check`, options.check)) as PollResult<T>;
    if (result.done) return result;
    await step.sleep(`${options.id}-wait`, options.every);
  }
  return { done: false };
}
