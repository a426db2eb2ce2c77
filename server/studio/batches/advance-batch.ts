/**
 * One step of a whole-listing batch, run by the durable function until it says done:
 * claims queued photos up to STUDIO_BATCH_IN_FLIGHT in flight, starts each as an
 * ordinary staging (its own poller imports the result), and closes the batch once
 * every photo has settled. Safe to run again or twice at once: claims are made under
 * the batch's row lock, and a photo's start is idempotent (batch-ids.ts).
 */
import "server-only";
import { and, asc, eq } from "drizzle-orm";
import { stagingBatches, stagingBatchPhotos, type StagingBatch, type StagingBatchPhoto } from "@/db/schema/studio-batches";
import { env } from "@/env";
import { safeLogger } from "@/server/log";
import type { BatchStatus, RedesignType } from "@/shared/vocabulary";
import type { StudioContext } from "../context";
import { startStaging } from "../generations/staging/start-staging";
import { generationError } from "../generations/v1-failure";
import { photoGenerationId, photoRequestId } from "./batch-ids";
import { batchPhotos, countProgress } from "./batch-photos";

/** Refusals a later step may get past (the service unreachable or busy): the photo is started again next time. */
const TRANSIENT = ["v1_unavailable", "rate_limited", "idempotency_conflict", "internal_error"];

/** One step's answer in the shape inngest/polling.ts expects; "gone" when the batch was deleted with its project. */
export type BatchStep = { done: true; value: BatchStatus | "gone" } | { done: false };

export async function advanceBatch(ctx: StudioContext, batchId: string): Promise<BatchStep> {
  const batch = await claimPhotos(ctx, batchId);
  if (!batch) return { done: true, value: "gone" };
  const photos = await batchPhotos(ctx.db, batchId);
  // Claimed now, or claimed by a step that stopped before the start was recorded.
  const toStart = photos.filter((photo) => photo.state === "started" && !photo.generationRecorded);
  await Promise.all(toStart.map((photo) => startPhoto(ctx, batch, photo)));

  const progress = countProgress(await batchPhotos(ctx.db, batchId));
  if (batch.status !== "running") return { done: true, value: batch.status };
  if (progress.queued > 0 || progress.running > 0) return { done: false };
  await ctx.db
    .update(stagingBatches)
    .set({ status: "completed", updatedAt: ctx.now(), completedAt: ctx.now() })
    .where(and(eq(stagingBatches.id, batchId), eq(stagingBatches.status, "running")));
  return { done: true, value: "completed" };
}

/** Under the batch's row lock (pause and cancel take it too): marks queued photos started while there is room. */
async function claimPhotos(ctx: StudioContext, batchId: string): Promise<StagingBatch | null> {
  return ctx.db.transaction(async (tx) => {
    const [batch] = await tx.select().from(stagingBatches).where(eq(stagingBatches.id, batchId)).for("update");
    if (!batch || batch.status !== "running") return batch ?? null;
    const inFlight = countProgress(await batchPhotos(tx, batchId)).running;
    const room = env.STUDIO_BATCH_IN_FLIGHT - inFlight;
    if (room <= 0) return batch;
    const next = await tx
      .select({ photoId: stagingBatchPhotos.photoId })
      .from(stagingBatchPhotos)
      .where(and(eq(stagingBatchPhotos.batchId, batchId), eq(stagingBatchPhotos.state, "queued")))
      .orderBy(asc(stagingBatchPhotos.position))
      .limit(room);
    for (const { photoId } of next) {
      await tx
        .update(stagingBatchPhotos)
        .set({ state: "started", generationId: photoGenerationId(batch, photoId), updatedAt: ctx.now() })
        .where(
          and(eq(stagingBatchPhotos.batchId, batchId), eq(stagingBatchPhotos.photoId, photoId), eq(stagingBatchPhotos.state, "queued")),
        );
    }
    return batch;
  });
}

async function startPhoto(ctx: StudioContext, batch: StagingBatch, photo: StagingBatchPhoto): Promise<void> {
  try {
    await startStaging(ctx, {
      requestId: photoRequestId(batch, photo.photoId),
      workspaceId: batch.workspaceId,
      projectId: batch.projectId,
      userId: batch.createdBy,
      photoId: photo.photoId,
      redesignType: "staging" satisfies RedesignType,
      roomType: photo.roomType,
      style: batch.style,
      intensity: batch.intensity,
      fast: true,
      seed: batch.seed,
    });
  } catch (error) {
    const failure = generationError(error);
    if (TRANSIENT.includes(failure.code)) {
      safeLogger.warn(`batch ${batch.id}: photo ${photo.photoId} not started (${failure.code}); trying again next step`);
      return;
    }
    await ctx.db
      .update(stagingBatchPhotos)
      .set({ state: "failed", error: failure, updatedAt: ctx.now() })
      .where(and(eq(stagingBatchPhotos.batchId, batch.id), eq(stagingBatchPhotos.photoId, photo.photoId)));
  }
}
