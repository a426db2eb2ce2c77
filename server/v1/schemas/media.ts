import "server-only";
import { z } from "zod";
import { DisclosureFieldsSchema } from "./disclosure";
import { INPAINTING_TYPES, INTENSITY, needsEndImage, RENDER_TYPES, VIDEO_MODES, VIDEO_SECONDS } from "@/shared/vocabulary";
import { envelopeSchema, HttpUrlSchema, intensitySchema, RoomTypeSchema, StyleSchema } from "./common";

export const InpaintRequestSchema = z
  .object({
    submitted_url: HttpUrlSchema,
    mask_url: HttpUrlSchema,
    inpainting_type: z.enum(INPAINTING_TYPES),
    render_type: z.enum(RENDER_TYPES),
    style: StyleSchema.optional(),
    room_type: RoomTypeSchema.optional(),
    intensity: intensitySchema(INTENSITY.inpaint),
  })
  .meta({ id: "InpaintRequest" });

export const InpaintResultSchema = z
  .object({
    provider: z.string(),
    output_urls: z.array(z.string()),
    provider_status_url: z.string(),
    metadata: z.object({ render_type: z.string(), inpainting_type: z.string(), brush_type: z.string() }),
    ...DisclosureFieldsSchema.shape,
  })
  .meta({ id: "InpaintResult" });

export const UpscaleRequestSchema = z.object({ image_url: HttpUrlSchema }).meta({ id: "UpscaleRequest" });

export const UpscaleResultSchema = z
  .object({
    provider: z.string(),
    input_url: z.string(),
    output_urls: z.array(z.string()),
    provider_output_urls: z.array(z.string()),
    provider_status_url: z.string(),
    ...DisclosureFieldsSchema.shape,
  })
  .meta({ id: "UpscaleResult" });

export const VideoRequestSchema = z
  .object({
    mode: z.enum(VIDEO_MODES),
    image_url: HttpUrlSchema,
    duration: z.literal(VIDEO_SECONDS, `must be ${VIDEO_SECONDS}`).default(VIDEO_SECONDS),
    tail_image_url: HttpUrlSchema.optional(),
  })
  .superRefine((video, ctx) => {
    if (needsEndImage(video.mode) && !video.tail_image_url) {
      ctx.addIssue({ code: "custom", path: ["tail_image_url"], message: `is required for ${video.mode}` });
    }
  })
  .meta({ id: "VideoRequest" });

export const VideoCreatedResultSchema = z
  .object({
    provider: z.string(),
    mode: z.enum(VIDEO_MODES),
    duration: z.number().int(),
    provider_status_url: z.string(),
    status_endpoint: z.string(),
    ...DisclosureFieldsSchema.shape,
  })
  .meta({ id: "VideoCreatedResult" });

export const VideoStatusQuerySchema = z.object({ job_id: z.string().max(100) });

export const VideoStatusResultSchema = z
  .object({ video_url: z.string().nullable(), duration: z.number().int(), progress: z.number().min(0).max(100) })
  .meta({ id: "VideoStatusResult" });

export const InpaintResponseSchema = envelopeSchema("InpaintResponse", InpaintResultSchema);
export const UpscaleResponseSchema = envelopeSchema("UpscaleResponse", UpscaleResultSchema);
export const VideoCreatedSchema = envelopeSchema("VideoCreated", VideoCreatedResultSchema);
export const VideoStatusSchema = envelopeSchema("VideoStatus", VideoStatusResultSchema);
