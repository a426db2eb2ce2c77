/**
 * "Stage all photos of this listing": records the batch (one style, intensity and seed
 * for every photo, a room type per photo) and hands it to the durable function that
 * starts the photos a few at a time. Checked up front: the photos belong to the project,
 * the MLS rule set allows staging each room, and the account can take every photo.
 * A repeat of the same action (double click, retried request) returns the first batch.
 */
import "server-only";
import crypto from "node:crypto";
import { and, eq } from "drizzle-orm";
import { stagingBatches, stagingBatchPhotos } from "@/db/schema/studio-batches";
import { batchAdvance } from "@/inngest/studio-events";
import type { StudioContext } from "../context";
import { enforceMlsRules } from "../generations/enforce-mls-rules";
import { loadProjectPhotos } from "../generations/load-project-photos";
import { batchIdFor } from "./batch-ids";
import { ensureBatchAllowance } from "./ensure-batch-allowance";
import type { StartBatchInput } from "./start-batch.schema";

export async function startBatch(ctx: StudioContext, input: StartBatchInput): Promise<{ id: string }> {
  const id = batchIdFor(input.workspaceId, input.requestId);
  if (!(await batchExists(ctx, input.workspaceId, id))) {
    await loadProjectPhotos(ctx, { ...input, photoIds: input.photos.map((photo) => photo.photoId) });
    for (const roomType of new Set(input.photos.map((photo) => photo.roomType))) {
      await enforceMlsRules(ctx, { workspaceId: input.workspaceId, operation: "staging", setting: roomType });
    }
    await ensureBatchAllowance(ctx, { workspaceId: input.workspaceId, photos: input.photos.length });
    await ctx.db.transaction(async (tx) => {
      const inserted = await tx
        .insert(stagingBatches)
        .values({
          id,
          workspaceId: input.workspaceId,
          projectId: input.projectId,
          createdBy: input.userId,
          requestId: input.requestId,
          style: input.style,
          intensity: input.intensity,
          // Within the range every provider accepts, leaving room for seed + variant.
          seed: crypto.randomInt(0, 2 ** 31 - 1024),
          photoCount: input.photos.length,
        })
        .onConflictDoNothing()
        .returning({ id: stagingBatches.id });
      // A repeat that raced this one recorded the batch first: its photos are in already.
      if (inserted.length === 0) return;
      await tx.insert(stagingBatchPhotos).values(input.photos.map((photo, position) => ({ batchId: id, position, ...photo })));
    });
  }
  // Sent on a repeat too (the event id makes it one run), so a start whose send was lost is picked up.
  await ctx.events.send(batchAdvance.create({ batchId: id, round: 0 }, { id: `batch-${id}` }));
  return { id };
}

async function batchExists(ctx: Pick<StudioContext, "db">, workspaceId: string, id: string): Promise<boolean> {
  const [row] = await ctx.db
    .select({ id: stagingBatches.id })
    .from(stagingBatches)
    .where(and(eq(stagingBatches.id, id), eq(stagingBatches.workspaceId, workspaceId)));
  return Boolean(row);
}
