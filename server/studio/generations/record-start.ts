/**
 * What every polled workflow (staging, multi-view, video) does once the service has
 * accepted its request: record the running generation (what was sent, the service's job
 * id) with its expected outputs, the charge the service reported, and hand the job to
 * the durable poll that follows it from there.
 */
import "server-only";
import type { multiviewPoll, stagingPoll, videoPoll } from "@/inngest/studio-events";
import type { StudioContext } from "../context";
import { recordUsage, type Charge } from "../usage/record-usage";
import { insertGeneration, type NewGeneration, type NewOutput } from "./records";

export async function recordStart(
  ctx: StudioContext,
  start: {
    generation: NewGeneration;
    outputs?: NewOutput[];
    charge: Charge;
    poll: typeof stagingPoll | typeof multiviewPoll | typeof videoPoll;
  },
): Promise<{ id: string }> {
  const generation = await insertGeneration(ctx, start.generation, start.outputs);
  await recordUsage(ctx, generation, start.charge);
  await ctx.events.send(start.poll.create({ generationId: generation.id, round: 0 }));
  return { id: generation.id };
}
