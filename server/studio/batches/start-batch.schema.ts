/** The studio's input to stage every photo of a listing alike: one style and intensity, a room type per photo. */
import "server-only";
import { z } from "zod";
import { BATCH_PHOTO_LIMIT } from "@/shared/vocabulary";
import { IntensitySchema, RoomTypeSchema, StyleSchema } from "../generations/input-fields";

export const StartBatchSchema = z.object({
  // Required here: the batch's id, and each photo's Idempotency-Key, derive from it.
  requestId: z.uuid(),
  projectId: z.uuid(),
  style: StyleSchema,
  intensity: IntensitySchema,
  photos: z
    .array(z.object({ photoId: z.uuid(), roomType: RoomTypeSchema }))
    .min(1, "The listing has no photos to stage.")
    .max(BATCH_PHOTO_LIMIT, `A batch takes at most ${BATCH_PHOTO_LIMIT} photos.`)
    .refine((photos) => new Set(photos.map((photo) => photo.photoId)).size === photos.length, "Each photo can be in the batch once."),
});

export type StartBatchInput = z.infer<typeof StartBatchSchema> & { workspaceId: string; userId: string };
