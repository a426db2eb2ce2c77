/**
 * The editable fields of a project, one zod source for the tRPC input and the form.
 * Pure module (no server imports) so client components can use the labels too.
 */
import "server-only";
import { z } from "zod";
import { LISTING_STATUSES, LISTING_TYPES, PROPERTY_TYPES } from "@/shared/vocabulary";

export const ProjectFieldsSchema = z.object({
  address: z.string().trim().min(3, "Enter the property address.").max(200),
  propertyType: z.enum(PROPERTY_TYPES),
  listingStatus: z.enum(LISTING_STATUSES),
  listingType: z.enum(LISTING_TYPES),
  price: z.number().int().min(0).max(1_000_000_000_000).nullable(),
  bedrooms: z.number().int().min(0).max(100).nullable(),
  bathrooms: z.number().min(0).max(100).multipleOf(0.5).nullable(),
  notes: z.string().max(5000),
});
export type ProjectFields = z.infer<typeof ProjectFieldsSchema>;
