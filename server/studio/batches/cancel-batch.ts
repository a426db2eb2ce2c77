/**
 * Cancels a batch: photos not yet started never will be (and are not charged); photos
 * already with the service finish and keep their results, charged once. Canceling
 * twice changes nothing; a finished batch cannot be canceled.
 */
import "server-only";
import { and, eq } from "drizzle-orm";
import { stagingBatches, stagingBatchPhotos } from "@/db/schema/studio-batches";
import { AppError } from "@/server/errors";
import type { StudioContext } from "../context";
import { lockBatch } from "./find-batch";

export async function cancelBatch(
  ctx: StudioContext,
  input: { workspaceId: string; batchId: string },
): Promise<{ status: "canceled"; notStarted: number }> {
  return ctx.db.transaction(async (tx) => {
    // The durable step claims photos under the same lock, so none is claimed after this.
    const batch = await lockBatch(tx, input);
    if (batch.status === "completed") throw new AppError("conflict", "This batch has finished; there is nothing left to cancel.");
    const now = ctx.now();
    const canceled = await tx
      .update(stagingBatchPhotos)
      .set({ state: "canceled", updatedAt: now })
      .where(and(eq(stagingBatchPhotos.batchId, batch.id), eq(stagingBatchPhotos.state, "queued")))
      .returning({ photoId: stagingBatchPhotos.photoId });
    if (batch.status !== "canceled") {
      await tx.update(stagingBatches).set({ status: "canceled", updatedAt: now, completedAt: now }).where(eq(stagingBatches.id, batch.id));
    }
    return { status: "canceled" as const, notStarted: canceled.length };
  });
}
