/** The studio's input to stage one photo (or declutter, redecorate, render, recolour it). */
import "server-only";
import { z } from "zod";
import { needsColor, needsStyle, REDESIGN_TYPES } from "@/shared/vocabulary";
import { ColorSchema, IntensitySchema, RoomTypeSchema, StyleSchema } from "../input-fields";
import { StartActionSchema } from "../start-once";

export const StartStagingSchema = StartActionSchema.extend({
  photoId: z.uuid(),
  redesignType: z.enum(REDESIGN_TYPES),
  roomType: RoomTypeSchema,
  style: StyleSchema.optional(),
  color: ColorSchema.optional(),
  intensity: IntensitySchema,
  /** One output instead of as many as the plan gives. */
  fast: z.boolean().default(true),
})
  .refine((input) => !needsStyle(input.redesignType) || input.style, { path: ["style"], message: "Pick a style." })
  .refine((input) => !needsColor(input.redesignType) || input.color, { path: ["color"], message: "Pick a wall color." });

export type StartStagingInput = z.infer<typeof StartStagingSchema> & {
  /** Whole-listing staging: one seed for every photo, so a generative provider furnishes them alike. */
  seed?: number;
};
