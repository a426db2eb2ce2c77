import "server-only";
import { z } from "zod";
import { envelopeSchema } from "./common";

/** A base64 string or a data:image/...;base64, URL; decoded and checked by the service. */
const ImageDataSchema = z.string().min(1).meta({ description: "Base64 image bytes or a data:image/(jpeg|png|webp);base64, URL." });

export const PropertyDescriptionRequestSchema = z
  .object({
    images: z.array(ImageDataSchema).min(1, "needs 1 to 20 images").max(20, "needs 1 to 20 images"),
    property_data: z.object({
      address: z.string().max(300).optional(),
      property_type: z.string().min(1).max(100),
      listing_status: z.string().max(100).optional(),
      listing_type: z.string().max(100).optional(),
      price: z.number().nonnegative().max(1e12).optional(),
      currency: z
        .string()
        .regex(/^[A-Z]{3}$/, "must be an ISO 4217 code such as USD")
        .optional()
        .meta({ description: "ISO 4217 code of `price`; without it the copy states the amount without a currency." }),
      bedrooms: z.number().int().nonnegative().max(1000).optional(),
      bathrooms: z.number().nonnegative().max(1000).multipleOf(0.5).optional(),
      highlights: z
        .array(z.string().trim().min(1).max(300))
        .max(10)
        .optional()
        .meta({ description: "Facts the agent wants stated (\"new roof in 2024\"); used as given." }),
    }),
    generation_settings: z
      .object({
        tone: z.enum(["professional", "warm", "luxury", "casual"]).default("professional"),
        length: z.enum(["short", "medium", "long"]).default("medium"),
        language: z
          .string()
          .regex(/^[A-Za-z]{2,3}(-[A-Za-z0-9]{2,8})*$/, "must be a BCP 47 language tag")
          .default("en"),
      })
      .default({ tone: "professional", length: "medium", language: "en" }),
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
  .object({ description: z.string(), image_analysis: z.array(ImageAnalysisSchema), listing_id: z.uuid() })
  .meta({ id: "PropertyDescriptionResult" });

export const PropertyDescriptionResponseSchema = envelopeSchema("PropertyDescriptionResponse", PropertyDescriptionResultSchema);
