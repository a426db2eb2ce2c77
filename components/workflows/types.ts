import type { GenerationView, OutputView } from "@/server/studio/generations/list-generations";

export type { GenerationView, OutputView };

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
  notes: string;
}
