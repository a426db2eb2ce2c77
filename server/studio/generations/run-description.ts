/** The durable step of workflow 4: downsized photos and property data to POST /tools/property-description. */
import "server-only";
import { and, eq, inArray, isNull } from "drizzle-orm";
import { photos } from "@/db/schema/studio";
import { V1ApiError } from "@/server/v1/client/v1-api-error";
import type { StudioContext } from "../context";
import { recordUsage } from "../usage/record-usage";
import { downsizeForDescription } from "./downsize-for-description";
import { failGeneration, loadGeneration, updateGeneration } from "./records";
import type { PropertyData } from "./start-description";
import { generationError, isTransientV1Failure } from "./v1-failure";

const STUDIO_CURRENCY = "USD";
const INTERNAL_LISTING_STATUSES = new Set(["draft"]);

export async function runDescription(ctx: StudioContext, generationId: string): Promise<{ ok: boolean }> {
  const generation = await loadGeneration(ctx, generationId);
  if (generation.status !== "running") return { ok: generation.status === "completed" };
  const params = generation.params as { photoIds: string[]; property: PropertyData; tone: string; length: string; language: string };
  const rows = await ctx.db
    .select()
    .from(photos)
    .where(and(eq(photos.workspaceId, generation.workspaceId), inArray(photos.id, params.photoIds), isNull(photos.deletedAt)));
  const ordered = params.photoIds.map((id) => rows.find((row) => row.id === id)).filter((row) => row !== undefined);
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
  const { property } = params;
  const client = await ctx.v1.rawForWorkspace(generation.workspaceId);
  let envelope;
  try {
    envelope = await client.describeProperty(
      {
        images,
        property_data: {
          address: property.address || undefined,
          property_type: property.propertyType,
          // "draft" and the like are the team's workflow, not a fact for buyers.
          listing_status: property.listingStatus && !INTERNAL_LISTING_STATUSES.has(property.listingStatus) ? property.listingStatus : undefined,
          listing_type: property.listingType || undefined,
          price: property.price ?? undefined,
          // Studio prices are whole US dollars (the project form says "Price (USD)").
          currency: property.price !== undefined ? STUDIO_CURRENCY : undefined,
          bedrooms: property.bedrooms ?? undefined,
          bathrooms: property.bathrooms ?? undefined,
          highlights: property.highlights?.length ? property.highlights : undefined,
        },
        generation_settings: { tone: params.tone as "professional", length: params.length as "medium", language: params.language },
      },
      { idempotencyKey: `studio-${generationId}-description` },
    );
  } catch (error) {
    if (isTransientV1Failure(error)) throw error;
    const failed = error instanceof V1ApiError ? error.envelope : null;
    if (failed?.job_id) await recordUsage(ctx, generation, { operation: "property_description", v1JobId: failed.job_id, credits: failed.credits_charged, quotaUnits: 1 });
    await failGeneration(ctx, generationId, generationError(error));
    return { ok: false };
  }
  if (envelope.job_id) {
    await recordUsage(ctx, generation, { operation: "property_description", v1JobId: envelope.job_id, credits: envelope.credits_charged, quotaUnits: 1 });
  }
  const result = envelope.result!;
  await updateGeneration(ctx, generationId, {
    status: "completed",
    result: { description: result.description, imageAnalysis: result.image_analysis, listingId: result.listing_id, photoIds: ordered.map((row) => row.id) },
  });
  return { ok: true };
}
