/**
 * A batch's photos with where each stands: its plan state until started, then its
 * staging generation's status (a started photo whose generation is not recorded yet is
 * still running: its start is under way or will be retried).
 */
import "server-only";
import { asc, eq } from "drizzle-orm";
import { stagingBatchPhotos, type StagingBatchPhoto } from "@/db/schema/studio-batches";
import { generations } from "@/db/schema/studio-generations";
import type { BatchPhotoProgress } from "@/shared/vocabulary";
import type { Tx } from "@/db/client";

export type BatchPhotoRow = StagingBatchPhoto & { progress: BatchPhotoProgress; generationRecorded: boolean };

export async function batchPhotos(db: Tx, batchId: string): Promise<BatchPhotoRow[]> {
  const rows = await db
    .select({ photo: stagingBatchPhotos, generationStatus: generations.status })
    .from(stagingBatchPhotos)
    .leftJoin(generations, eq(generations.id, stagingBatchPhotos.generationId))
    .where(eq(stagingBatchPhotos.batchId, batchId))
    .orderBy(asc(stagingBatchPhotos.position));
  return rows.map(({ photo, generationStatus }) => ({
    ...photo,
    generationRecorded: generationStatus !== null,
    progress: photo.state === "started" ? (generationStatus ?? "running") : photo.state,
  }));
}

export function countProgress(photos: { progress: BatchPhotoProgress }[]) {
  const count = (progress: BatchPhotoProgress) => photos.filter((photo) => photo.progress === progress).length;
  return {
    total: photos.length,
    queued: count("queued"),
    running: count("running"),
    completed: count("completed"),
    failed: count("failed"),
    canceled: count("canceled"),
  };
}
