import "server-only";
import { z } from "zod";
import { DESCRIPTION_DEFAULTS, DESCRIPTION_LIMITS as LIMITS, LANGUAGE_TAG, LENGTHS, TONES } from "@/shared/vocabulary";
import { envelopeSchema } from "./common";

/** A base64 string or a data:image/...;base64, URL; decoded and checked by the service. */
const ImageDataSchema = z.string().min(1).meta({ description: "Base64 image bytes or a data:image/(jpeg|png|webp);base64, URL." });

const IMAGES_MESSAGE = `needs ${LIMITS.images.min} to ${LIMITS.images.max} images`;

export const PropertyDescriptionRequestSchema = z
  .object({
    images: z.array(ImageDataSchema).min(LIMITS.images.min, IMAGES_MESSAGE).max(LIMITS.images.max, IMAGES_MESSAGE),
    property_data: z.object({
      address: z.string().max(LIMITS.address).optional(),
      property_type: z.string().min(1).max(LIMITS.word),
      listing_status: z.string().max(LIMITS.word).optional(),
      listing_type: z.string().max(LIMITS.word).optional(),
      price: z.number().nonnegative().max(LIMITS.price).optional(),
      currency: z
        .string()
        .regex(/^[A-Z]{3}$/, "must be an ISO 4217 code such as USD")
        .optional()
        .meta({ description: "ISO 4217 code of `price`; without it the copy states the amount without a currency." }),
      bedrooms: z.number().int().nonnegative().max(LIMITS.rooms).optional(),
      bathrooms: z.number().nonnegative().max(LIMITS.rooms).multipleOf(LIMITS.bathroomStep).optional(),
      highlights: z
        .array(z.string().trim().min(1).max(LIMITS.highlight))
        .max(LIMITS.highlights)
        .optional()
        .meta({ description: 'Facts the agent wants stated ("new roof in 2024"); used as given.' }),
    }),
    generation_settings: z
      .object({
        tone: z.enum(TONES).default(DESCRIPTION_DEFAULTS.tone),
        length: z.enum(LENGTHS).default(DESCRIPTION_DEFAULTS.length),
        language: z.string().regex(LANGUAGE_TAG, "must be a BCP 47 language tag").default(DESCRIPTION_DEFAULTS.language),
      })
      .default(DESCRIPTION_DEFAULTS),
  })
  .meta({ id: "PropertyDescriptionRequest" });

export const ImageAnalysisSchema = z.object({
  index: z.number().int(),
  width: z.number().int(),
  height: z.number().int(),
  orientation: z.enum(["landscape", "portrait", "square"]),
  brightness: z.number(),
  dominant_colors: z.array(z.string()),
  room_type: z.string().nullable(),
  features: z.array(z.string()),
});

export const PropertyDescriptionResultSchema = z
  .object({
    description: z.string(),
    image_analysis: z.array(ImageAnalysisSchema),
    listing_id: z.uuid(),
    provider: z.string().meta({
      description:
        "The writer of `description` (D14). `local`: composed without a language model, from `property_data` and `image_analysis` only; review it before publishing.",
    }),
  })
  .meta({ id: "PropertyDescriptionResult" });

export const PropertyDescriptionResponseSchema = envelopeSchema("PropertyDescriptionResponse", PropertyDescriptionResultSchema);
