/**
 * One poll of a staging job (GET /jobs/{id}). When the job is terminal its outputs are
 * copied into studio storage and the generation is closed; safe to run again.
 */
import { generationOutputs } from "@/db/schema/studio-generations";
import { photos } from "@/db/schema/studio";
import { eq } from "drizzle-orm";
import type { StudioContext } from "../context";
import { generationKeyPrefix, importOutput } from "./import-output";
import { failGeneration, loadGeneration, updateGeneration } from "./records";
import { generationError, isTransientV1Failure } from "./v1-failure";
import type { PollOutcome } from "./poll-outcome";

export async function checkStaging(ctx: StudioContext, generationId: string): Promise<PollOutcome> {
  const generation = await loadGeneration(ctx, generationId);
  if (generation.status !== "running" || !generation.v1Id) return { done: true, value: generation.status };
  const client = await ctx.v1.rawForWorkspace(generation.workspaceId);
  let job;
  try {
    job = await client.getJob(generation.v1Id);
  } catch (error) {
    if (isTransientV1Failure(error)) return { done: false };
    await failGeneration(ctx, generationId, generationError(error));
    return { done: true, value: "failed" };
  }
  if (job.status === "processing" || !job.data) return { done: false };

  const [photo] = generation.photoId ? await ctx.db.select().from(photos).where(eq(photos.id, generation.photoId)) : [];
  const prefix = generationKeyPrefix(generation);
  const stored = await Promise.all(job.data.output_urls.map((url, index) => importOutput(ctx, { url, keyStem: `${prefix}staged-${index}` })));
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
        v1JobId: generation.v1Id,
        provider: job.provider,
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

