/** The studio's input to keep areas of a photo (D17): the mask as painted, and what each area is. */
import "server-only";
import { z } from "zod";
import { KEPT_AREA_KINDS, KEPT_AREA_NAME_MAX } from "@/shared/kept-areas";

const FramePointSchema = z.tuple([z.number().min(0).max(1), z.number().min(0).max(1)]);

export const KeptAreaSchema = z.object({
  kind: z.enum(KEPT_AREA_KINDS),
  name: z.string().trim().min(1).max(KEPT_AREA_NAME_MAX),
  polygon: z.array(FramePointSchema).min(3).max(8).nullable(),
});

export const SaveKeptAreasSchema = z.object({
  workspaceId: z.uuid(),
  photoId: z.uuid(),
  /** White where kept on black, a PNG data URL; null clears the photo's kept areas. */
  maskDataUrl: z.string().max(12_000_000).nullable(),
  areas: z.array(KeptAreaSchema).max(40),
});
