/**
 * A whole-listing batch's results as one zip, in the batch's order: each staged photo
 * labelled (with a QR code to its own disclosure page) and named by its place in the
 * batch and its room, `photo-03-kitchen-style-preview.jpg`. Photos that failed, were
 * canceled or are still staging are left out. Streamed, one photo at a time.
 */
import "server-only";
import type { Readable } from "node:stream";
import { and, asc, eq, inArray } from "drizzle-orm";
import { stagingBatches, stagingBatchPhotos } from "@/db/schema/studio-batches";
import { generationOutputs, generations } from "@/db/schema/studio-generations";
import { AppError } from "@/server/errors";
import { fileSlug } from "@/shared/listing-numbering";
import type { StudioContext } from "../context";
import { disclosedFile } from "../exports/labelled-copy";
import { zipStream } from "../exports/zip-stream";
import { outputDisclosure } from "../generations/output-disclosure";

export async function batchZip(
  ctx: StudioContext,
  input: { workspaceId: string; batchId: string; userId: string },
): Promise<{ fileName: string; stream: Readable }> {
  const [batch] = await ctx.db
    .select()
    .from(stagingBatches)
    .where(and(eq(stagingBatches.id, input.batchId), eq(stagingBatches.workspaceId, input.workspaceId)));
  if (!batch) throw new AppError("not_found", "Batch not found.");
  const rows = await ctx.db
    .select({ position: stagingBatchPhotos.position, roomType: stagingBatchPhotos.roomType, generation: generations })
    .from(stagingBatchPhotos)
    .innerJoin(generations, eq(generations.id, stagingBatchPhotos.generationId))
    .where(eq(stagingBatchPhotos.batchId, batch.id))
    .orderBy(asc(stagingBatchPhotos.position));
  const outputs = rows.length
    ? await ctx.db
        .select()
        .from(generationOutputs)
        .where(
          inArray(
            generationOutputs.generationId,
            rows.map((row) => row.generation.id),
          ),
        )
    : [];
  const done = rows.flatMap((row) => {
    const own = outputs.filter((output) => output.generationId === row.generation.id);
    const staged = own.find((output) => output.role === "staged" && output.status === "completed" && output.storageKey);
    return staged
      ? [{ ...row, output: { ...staged, storageKey: staged.storageKey! }, label: outputDisclosure(row.generation, staged, own).label }]
      : [];
  });
  if (done.length === 0) throw new AppError("conflict", "No photo of this batch is staged yet.");
  const digits = Math.max(2, String(rows.length).length);
  const scope = { workspaceId: input.workspaceId, projectId: batch.projectId, userId: input.userId };
  return {
    fileName: `listing-batch-${batch.createdAt.toISOString().slice(0, 10)}-${fileSlug(batch.style)}.zip`,
    stream: zipStream(
      done.map((photo) => ({
        name: `photo-${String(photo.position + 1).padStart(digits, "0")}-${fileSlug(photo.roomType)}${photo.label ? `-${fileSlug(photo.label)}` : ""}.${photo.label ? "jpg" : (photo.output.storageKey.split(".").pop() ?? "bin")}`,
        bytes: async () => (await disclosedFile(ctx, scope, photo.output, photo.label)).bytes,
      })),
    ),
  };
}
