/**
 * The one mapping of a description input to the v1 POST /tools/property-description
 * body. Its output, without the images (the durable step downsizes the chosen photos
 * when it calls), is what the generation stores as its params, with the photos it names.
 */
import "server-only";
import type { z } from "zod";
import type { PropertyDescriptionRequestSchema } from "@/server/v1/schemas/property-description";
import type { StartDescriptionInput } from "./start-description.schema";

/** Studio prices are whole US dollars (the project form says "Price (USD)"). */
const STUDIO_CURRENCY = "USD";
/** The team's own workflow states, not facts for buyers. */
const INTERNAL_LISTING_STATUSES = new Set(["draft"]);

export type DescriptionParams = ReturnType<typeof descriptionRequest> & { photoIds: string[] };

export function descriptionRequest(input: StartDescriptionInput) {
  const { property } = input;
  return {
    property_data: {
      address: property.address || undefined,
      property_type: property.propertyType,
      listing_status: property.listingStatus && !INTERNAL_LISTING_STATUSES.has(property.listingStatus) ? property.listingStatus : undefined,
      listing_type: property.listingType || undefined,
      price: property.price,
      currency: property.price !== undefined ? STUDIO_CURRENCY : undefined,
      bedrooms: property.bedrooms,
      bathrooms: property.bathrooms,
      highlights: property.highlights.length ? property.highlights : undefined,
    },
    generation_settings: { tone: input.tone, length: input.length, language: input.language },
  } satisfies Omit<z.input<typeof PropertyDescriptionRequestSchema>, "images">;
}
