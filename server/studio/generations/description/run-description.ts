/** The durable step of workflow 4: the chosen photos, downsized, and the stored request to POST /tools/property-description. */
import "server-only";
import { and, eq, inArray, isNull } from "drizzle-orm";
import { photos } from "@/db/schema/studio";
import type { StudioContext } from "../../context";
import { chargedCall } from "../charged-call";
import { failGeneration, loadGeneration, updateGeneration } from "../records";
import { idempotencyFor } from "../start-once";
import type { DescriptionParams } from "./description-request";
import { downsizeForDescription } from "./downsize-for-description";

export async function runDescription(ctx: StudioContext, generationId: string): Promise<{ ok: boolean }> {
  const generation = await loadGeneration(ctx, generationId);
  if (generation.status !== "running") return { ok: generation.status === "completed" };
  const { photoIds, ...request } = generation.params as DescriptionParams;
  const rows = await ctx.db
    .select()
    .from(photos)
    .where(and(eq(photos.workspaceId, generation.workspaceId), inArray(photos.id, photoIds), isNull(photos.deletedAt)));
  const ordered = photoIds.map((id) => rows.find((row) => row.id === id)).filter((row) => row !== undefined);
  if (ordered.length === 0) {
    await failGeneration(ctx, generationId, { code: "not_found", message: "The chosen photos were deleted." });
    return { ok: false };
  }
  const images = await Promise.all(
    ordered.map(async (row) => {
      const blob = await ctx.storage.get(row.storageKey);
      if (!blob) throw new Error(`photo ${row.id} is missing from storage`);
      return downsizeForDescription(blob.bytes);
    }),
  );
  const answer = await chargedCall(ctx, generation, "property_description", (client) =>
    client.describeProperty({ ...request, images }, idempotencyFor(generationId, "description")),
  );
  if (!answer) return { ok: false };
  const result = answer.result!;
  await updateGeneration(ctx, generationId, {
    status: "completed",
    result: {
      description: result.description,
      imageAnalysis: result.image_analysis,
      listingId: result.listing_id,
      // Which writer wrote it: copy the offline writer composed says so wherever it is shown.
      provider: result.provider,
      photoIds: ordered.map((row) => row.id),
    },
  });
  return { ok: true };
}
