import type { DescriptionParams } from "@/server/studio/generations/description/description-request";
import type { InpaintUpscaleParams } from "@/server/studio/generations/inpaint-upscale/inpaint-request";
import type { GenerationView, OutputView } from "@/server/studio/generations/list-generations";
import type { MultiviewParams } from "@/server/studio/generations/multiview/multiview-request";
import type { StagingParams } from "@/server/studio/generations/staging/job-request";
import type { VideoParams } from "@/server/studio/generations/video/video-request";
import type { KeptArea } from "@/shared/kept-areas";

export type { GenerationView, OutputView };

/** What a run stored of its request (the v1 words it sent), whichever workflow it was. */
export type RunParams = StagingParams & MultiviewParams & InpaintUpscaleParams & VideoParams & DescriptionParams;

/** A project photo as the workflow forms need it. */
export interface StudioPhoto {
  id: string;
  fileName: string;
  url: string;
  /** Resized WebP copies (server/images/derivatives.ts). */
  thumbUrl?: string | null;
  displayUrl?: string | null;
  width: number;
  height: number;
  /** What the agent keeps exactly in every result of this photo (D17). */
  keptAreas?: KeptArea[];
}

/**
 * An image a picker offers where photos and results mix (the video's start and end): what
 * it is ("Photo", "Style preview — Scandinavian") above its name ("kitchen.jpg", "of
 * kitchen.jpg"), and the photo of the room it shows, to tell when two images show different rooms.
 */
export interface LabelledImage extends StudioPhoto {
  kind: string;
  roomPhotoId: string | null;
}

/** The project's facts, to pre-fill the property description form. */
export interface ProjectFacts {
  address: string;
  propertyType: string;
  listingStatus: string;
  listingType: string;
  price: number | null;
  bedrooms: number | null;
  bathrooms: number | null;
}
