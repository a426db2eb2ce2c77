/**
 * One durable poller for the service's asynchronous work (staging jobs, multi-view sets,
 * videos). Each run polls a bounded number of times; the interval grows with each run
 * (backoff), and after MAX_ROUNDS runs the generation is closed as timed out.
 */
import { NonRetriableError, type EventType } from "inngest";
import { inngest } from "@/inngest/client";
import { failGenerationOnFailure } from "./fail-generation-on-failure";
import { pollUntil } from "@/inngest/polling";
import { PollEventSchema } from "@/inngest/studio-events";
import { createStudioContext, type StudioContext } from "@/server/studio/context";
import type { PollOutcome } from "@/server/studio/generations/poll-outcome";
import { storeChangeMaps } from "@/server/studio/exports/store-change-maps";
import { failGeneration } from "@/server/studio/generations/records";

/** Seconds between polls in each run: quick at first, when local work usually finishes. */
const ROUND_INTERVALS = ["1s", "2s", "5s", "15s", "30s"];
const POLLS_PER_ROUND = 15;
export const MAX_ROUNDS = 12;

type PollEvent<N extends string> = EventType<N, typeof PollEventSchema>;

export function pollInterval(round: number): string {
  return ROUND_INTERVALS[Math.min(round, ROUND_INTERVALS.length - 1)];
}

export function definePollFunction<N extends string>(
  id: string,
  trigger: PollEvent<N>,
  check: (ctx: StudioContext, generationId: string) => Promise<PollOutcome>,
) {
  return inngest.createFunction({ id, retries: 3, triggers: [trigger], onFailure: failGenerationOnFailure }, async ({ event, step }) => {
    const { generationId, round } = PollEventSchema.parse(event.data);
    const outcome = await pollUntil(step, {
      id: "status",
      every: pollInterval(round),
      maxPolls: POLLS_PER_ROUND,
      check: async () => check(await createStudioContext(), generationId),
    });
    if (outcome.done) {
      // Stored now, so "Show changes" and the share page read it instead of computing on first view.
      await step.run("change-maps", async () => storeChangeMaps(await createStudioContext(), generationId));
      return { status: outcome.value };
    }
    if (round + 1 >= MAX_ROUNDS) {
      await step.run("give-up", async () =>
        failGeneration(await createStudioContext(), generationId, {
          code: "provider_timeout",
          message: "The image service did not finish in time. Please try again.",
        }),
      );
      throw new NonRetriableError(`generation ${generationId} did not finish after ${MAX_ROUNDS} polling runs`);
    }
    await step.sendEvent("continue", trigger.create({ generationId, round: round + 1 }));
    return { continued: true };
  });
}
