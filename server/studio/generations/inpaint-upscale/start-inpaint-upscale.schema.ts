/** The studio's input to inpaint a painted area of a photo, then upscale the result. */
import "server-only";
import { z } from "zod";
import { INPAINTING_TYPES, RENDER_TYPES } from "@/shared/vocabulary";
import { RoomTypeSchema, StyleSchema } from "../input-fields";
import { StartActionSchema } from "../start-once";

export const StartInpaintUpscaleSchema = StartActionSchema.extend({
  photoId: z.uuid(),
  /** The painted mask, a PNG data URL (read-mask.ts checks it). */
  maskDataUrl: z.string().max(12_000_000),
  inpaintingType: z.enum(INPAINTING_TYPES),
  renderType: z.enum(RENDER_TYPES).default("interior"),
  roomType: RoomTypeSchema.optional(),
  style: StyleSchema.optional(),
});

export type StartInpaintUpscaleInput = z.infer<typeof StartInpaintUpscaleSchema>;
