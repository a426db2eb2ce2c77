/**
 * One poll of a generation the service is working on, as the check-* verbs share it: a
 * generation that is no longer running (or never reached the service) is done as it
 * is; otherwise the service is asked once. A transient failure waits for the next poll,
 * any other closes the generation in plain words; an answer goes to the verb's own
 * `follow`, which stores what finished.
 */
import "server-only";
import type { Generation } from "@/db/schema/studio-generations";
import type { AtriumClient } from "@atrium/sdk";
import type { GenerationStatus } from "@/shared/vocabulary";
import type { StudioContext } from "../context";
import { failGeneration, loadGeneration } from "./records";
import { generationError, isTransientV1Failure } from "./v1-failure";

/** One poll's answer, in the shape inngest/polling.ts expects: done with the final status, or not yet. */
export type PollOutcome = { done: true; value: GenerationStatus } | { done: false };

export type PolledGeneration = Generation & { serviceJobId: string };

export async function pollGeneration<Answer>(
  ctx: StudioContext,
  generationId: string,
  ask: (client: AtriumClient, serviceJobId: string) => Promise<Answer>,
  follow: (answer: Answer, generation: PolledGeneration) => Promise<PollOutcome>,
): Promise<PollOutcome> {
  const generation = await loadGeneration(ctx, generationId);
  if (generation.status !== "running" || !generation.serviceJobId) return { done: true, value: generation.status };
  // The raw client: whether a failure is transient is read from the service's own code.
  const client = await ctx.v1.rawForWorkspace(generation.workspaceId);
  let answer: Answer;
  try {
    answer = await ask(client, generation.serviceJobId);
  } catch (error) {
    if (isTransientV1Failure(error)) return { done: false };
    await failGeneration(ctx, generationId, generationError(error));
    return { done: true, value: "failed" };
  }
  return follow(answer, { ...generation, serviceJobId: generation.serviceJobId });
}
