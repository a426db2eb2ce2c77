import type { DisclosureLabel } from "@/shared/disclosure";
import { listingRemarks, type PhotoAlterations } from "@/shared/listing-remarks";
import type { GenerationView, StudioPhoto } from "./types";

/**
 * What was done to each photo of the project (numbered as listed), from the finished
 * outputs of its runs and their disclosure labels; the video is not a photo.
 */
export function photoAlterations(photos: Pick<StudioPhoto, "id">[], generations: GenerationView[]): PhotoAlterations[] {
  return photos.map((photo, index) => {
    const labels = new Set<DisclosureLabel>();
    for (const generation of generations) {
      for (const output of generation.outputs) {
        if (output.url && output.role !== "video" && output.sourcePhotoId === photo.id && output.disclosure.label) labels.add(output.disclosure.label);
      }
    }
    return { number: index + 1, labels: [...labels] };
  });
}

/**
 * The remark line MLS rules ask for on a listing whose photos were staged or altered
 * (shared/listing-remarks.ts, in the listing's language). Null when no photo was altered.
 */
export function mlsRemark(photos: Pick<StudioPhoto, "id">[], generations: GenerationView[], language?: string | null): string | null {
  return listingRemarks({ photos: photoAlterations(photos, generations), language }).remark;
}

/** The description as pasted into an MLS: the copy, then the remark line when one is needed. */
export function copyForMls(description: string, remark: string | null): string {
  return remark ? `${description.trim()}\n\n${remark}` : description.trim();
}
