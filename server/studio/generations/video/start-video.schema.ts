/** The studio's input for a five-second video from a photo or a finished image result, with an end image where the mode takes one. */
import "server-only";
import { z } from "zod";
import { needsEndImage, VIDEO_MODES } from "@/shared/vocabulary";
import { StartActionSchema } from "../start-once";

/** A project photo or a finished image result of the same project. */
export const ImageRefSchema = z.discriminatedUnion("type", [
  z.object({ type: z.literal("photo"), id: z.uuid() }),
  z.object({ type: z.literal("output"), id: z.uuid() }),
]);
export type ImageRef = z.infer<typeof ImageRefSchema>;

export const StartVideoSchema = StartActionSchema.extend({
  mode: z.enum(VIDEO_MODES),
  image: ImageRefSchema,
  tailImage: ImageRefSchema.optional(),
}).refine((input) => !needsEndImage(input.mode) || input.tailImage, { path: ["tailImage"], message: "Before / after needs an end image." });

export type StartVideoInput = z.infer<typeof StartVideoSchema>;
