/**
 * One poll of a staging job (GET /jobs/{id}). When the job is terminal its outputs are
 * copied into studio storage and the generation is closed; safe to run again.
 */
import "server-only";
import { generationOutputs } from "@/db/schema/studio-generations";
import { photos } from "@/db/schema/studio";
import { eq } from "drizzle-orm";
import type { AtriumClient } from "@atrium/sdk";
import type { StudioContext } from "../../context";
import { generationKeyPrefix, importOutput } from "../import-output";
import { pollGeneration, type PolledGeneration, type PollOutcome } from "../poll-outcome";
import { updateGeneration } from "../records";

type Job = Awaited<ReturnType<AtriumClient["getJob"]>>;

export async function checkStaging(ctx: StudioContext, generationId: string): Promise<PollOutcome> {
  return pollGeneration(
    ctx,
    generationId,
    (client, jobId) => client.getJob(jobId),
    (job, generation) => followJob(ctx, generation, job),
  );
}

async function followJob(ctx: StudioContext, generation: PolledGeneration, job: Job): Promise<PollOutcome> {
  const generationId = generation.id;
  if (job.status === "processing" || !job.data) return { done: false };

  const [photo] = generation.photoId ? await ctx.db.select().from(photos).where(eq(photos.id, generation.photoId)) : [];
  const prefix = generationKeyPrefix(generation);
  const stored = await Promise.all(
    job.data.output_urls.map((url, index) => importOutput(ctx, { url, keyStem: `${prefix}staged-${index}` })),
  );
  await ctx.db
    .insert(generationOutputs)
    .values(
      stored.map((output, position) => ({
        generationId,
        workspaceId: generation.workspaceId,
        role: "staged" as const,
        position,
        status: "completed" as const,
        sourceKey: photo?.storageKey ?? null,
        serviceJobId: generation.serviceJobId,
        provider: job.provider,
        structureCheck: job.data!.output_checks?.[position] ?? null,
        ...output,
      })),
    )
    .onConflictDoNothing();
  const partial = job.status === "partially_completed";
  await updateGeneration(ctx, generationId, {
    status: "completed",
    result: partial ? { note: "Some variations failed; the ones that finished are shown." } : null,
  });
  return { done: true, value: "completed" };
}
