import type { GenerationStatus } from "@/shared/generation-vocabulary";

/** One poll's answer, in the shape inngest/polling.ts expects: done with the final status, or not yet. */
export type PollOutcome = { done: true; value: GenerationStatus } | { done: false };
