/** The studio's input for listing copy: the chosen photos, the property data the agent confirmed, and how to write it. */
import "server-only";
import { z } from "zod";
import { DESCRIPTION_DEFAULTS, DESCRIPTION_LIMITS as LIMITS, LANGUAGE_TAG, LENGTHS, TONES } from "@/shared/vocabulary";
import { StartActionSchema } from "../start-once";

export const PropertySchema = z.object({
  address: z.string().trim().max(LIMITS.address).optional(),
  propertyType: z.string().trim().min(1, "Property type is required.").max(LIMITS.word),
  listingStatus: z.string().trim().max(LIMITS.word).optional(),
  listingType: z.string().trim().max(LIMITS.word).optional(),
  price: z.number().nonnegative().max(LIMITS.price).optional(),
  bedrooms: z.number().int().nonnegative().max(LIMITS.rooms).optional(),
  bathrooms: z.number().nonnegative().max(LIMITS.rooms).multipleOf(LIMITS.bathroomStep).optional(),
  /** Facts the agent confirmed for the copy, one per item (typed by the agent; the project's private notes never prefill them). */
  highlights: z
    .array(z.string().trim().min(1).max(LIMITS.highlight, `Keep each highlight under ${LIMITS.highlight} characters.`))
    .max(LIMITS.highlights, `Up to ${LIMITS.highlights} highlights.`)
    .default([]),
});

export const StartDescriptionSchema = StartActionSchema.extend({
  photoIds: z
    .array(z.uuid())
    .min(LIMITS.images.min, "Pick at least one photo.")
    .max(LIMITS.images.max, `Pick at most ${LIMITS.images.max} photos.`),
  property: PropertySchema,
  tone: z.enum(TONES).default(DESCRIPTION_DEFAULTS.tone),
  length: z.enum(LENGTHS).default(DESCRIPTION_DEFAULTS.length),
  language: z.string().regex(LANGUAGE_TAG, "Use a language code such as en, fr or es-MX.").default(DESCRIPTION_DEFAULTS.language),
});

export type StartDescriptionInput = z.infer<typeof StartDescriptionSchema>;
