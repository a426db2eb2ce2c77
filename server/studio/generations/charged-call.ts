/**
 * One synchronous v1 call made by a durable step (inpaint, upscale, property
 * description). A transient failure is thrown, so the step is retried (its
 * Idempotency-Key replays the first answer: never a second charge). Any other failure
 * records what the service reports having charged (a refunded failure says 0), fails the
 * generation in plain words and gives null. An answer's charge is recorded and the
 * answer returned.
 */
import "server-only";
import type { Generation } from "@/db/schema/studio-generations";
import { isAtriumError, type AtriumClient } from "@atrium/sdk";
import type { UsageOperation } from "@/shared/vocabulary";
import type { StudioContext } from "../context";
import { recordUsage } from "../usage/record-usage";
import { failGeneration } from "./records";
import { generationError, isTransientV1Failure } from "./v1-failure";

type Charged = { job_id: string | null; credits_charged: number | null };

export async function chargedCall<Answer extends Charged>(
  ctx: StudioContext,
  generation: Generation,
  operation: UsageOperation,
  call: (client: AtriumClient) => Promise<Answer>,
): Promise<Answer | null> {
  const client = await ctx.v1.rawForWorkspace(generation.workspaceId);
  const record = (charged: Charged | null) =>
    charged?.job_id
      ? recordUsage(ctx, generation, { operation, serviceJobId: charged.job_id, credits: charged.credits_charged, quotaUnits: 1 })
      : undefined;
  let answer: Answer;
  try {
    answer = await call(client);
  } catch (error) {
    if (isTransientV1Failure(error)) throw error;
    await record(isAtriumError(error) ? error.envelope : null);
    await failGeneration(ctx, generation.id, generationError(error));
    return null;
  }
  await record(answer);
  return answer;
}
