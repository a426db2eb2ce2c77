import "server-only";
import { z } from "zod";
import { normalizeColor, PAINT_COLOR_NAMES } from "@/shared/palettes";
import { INTENSITY, normalizeRoomType, normalizeStyle, ROOM_TYPES, STYLES } from "@/shared/vocabulary";

/** A public http(s) URL; other schemes are refused here (invalid_request), addresses by the fetcher. */
export const HttpUrlSchema = z
  .string()
  .max(2048)
  .refine((value) => {
    try {
      const url = new URL(value);
      return url.protocol === "http:" || url.protocol === "https:";
    } catch {
      return false;
    }
  }, "must be an http or https URL")
  .meta({ format: "uri", example: "https://example.com/photos/living-room.jpg" });

/** A keep mask (D17): the link to a PNG the service fetches like the photo; checked against the photo once fetched (400 `invalid_keep_mask`). */
export const KeepMaskUrlSchema = HttpUrlSchema.meta({
  description:
    "Beyond the contract (D17): a PNG with the photo's aspect ratio (within 1 %; it is scaled to the photo), white where the photo must be kept exactly (windows, a fireplace, built-ins). Every output shows the photo's own pixels there, blended over a seam of at most 8 px; the model is told what is kept and the structure check skips those areas. Not a PNG, another aspect ratio, all black or all white → 400 `invalid_keep_mask`.",
  format: "uri",
  example: "https://example.com/photos/living-room-keep.png",
});

export const intensitySchema = (fallback: number) =>
  z.number().min(INTENSITY.min, `must be at least ${INTENSITY.min}`).max(INTENSITY.max, "must be at most 1.0").default(fallback);

export const RoomTypeSchema = z
  .string()
  .max(100)
  .transform((value, ctx) => {
    const id = normalizeRoomType(value);
    if (!id)
      ctx.addIssue({
        code: "custom",
        message: `unknown room type; accepted: ${ROOM_TYPES.join(", ")}`,
        params: { accepted: [...ROOM_TYPES] },
      });
    return id ?? z.NEVER;
  })
  .meta({ description: `A room type id or display label: ${ROOM_TYPES.join(", ")}.`, example: "Living Room" });

export const StyleSchema = z
  .string()
  .max(100)
  .transform((value, ctx) => {
    const id = normalizeStyle(value);
    if (!id) ctx.addIssue({ code: "custom", message: `unknown style; accepted: ${STYLES.join(", ")}`, params: { accepted: [...STYLES] } });
    return id ?? z.NEVER;
  })
  .meta({ description: `A style id or display label: ${STYLES.join(", ")}.`, example: "scandinavian" });

export const ColorSchema = z
  .string()
  .max(100)
  .transform((value, ctx) => {
    const hex = normalizeColor(value);
    if (!hex)
      ctx.addIssue({
        code: "custom",
        message: `must be #RRGGBB or one of: ${PAINT_COLOR_NAMES.join(", ")}`,
        params: { accepted: [...PAINT_COLOR_NAMES] },
      });
    return hex ?? z.NEVER;
  })
  .meta({ description: `A CSS hex color (#RRGGBB) or a paint color name: ${PAINT_COLOR_NAMES.join(", ")}.`, example: "sage green" });

export const ErrorInfoSchema = z
  .object({ code: z.string(), message: z.string(), details: z.unknown().optional() })
  .meta({ id: "ErrorInfo" });

export const TimestampsSchema = z
  .object({ created_at: z.string().nullable(), updated_at: z.string().nullable(), completed_at: z.string().nullable() })
  .meta({ id: "Timestamps" });

/** The stable v1 envelope around an endpoint-specific result. */
export function envelopeSchema<R extends z.ZodType>(id: string, result: R) {
  return z
    .object({
      job_id: z.string().nullable(),
      status: z.enum(["processing", "completed", "failed"]),
      result: result.nullable(),
      error: ErrorInfoSchema.nullable(),
      credits_charged: z.number().int().nullable(),
      timestamps: TimestampsSchema,
    })
    .meta({ id });
}
