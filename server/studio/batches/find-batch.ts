import "server-only";
import { and, eq } from "drizzle-orm";
import { stagingBatches, type StagingBatch } from "@/db/schema/studio-batches";
import { AppError } from "@/server/errors";
import type { Tx } from "@/db/client";

/** One batch of the workspace, locked for the caller's transaction; another workspace's batch is "not found". */
export async function lockBatch(tx: Tx, input: { workspaceId: string; batchId: string }): Promise<StagingBatch> {
  const [batch] = await tx
    .select()
    .from(stagingBatches)
    .where(and(eq(stagingBatches.id, input.batchId), eq(stagingBatches.workspaceId, input.workspaceId)))
    .for("update");
  if (!batch) throw new AppError("not_found", "Batch not found.");
  return batch;
}
