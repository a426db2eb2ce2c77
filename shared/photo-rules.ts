/**
 * What the studio accepts as a photo. Pure module: the upload zone checks files with it
 * in the browser before asking for an upload URL, and the server checks again.
 */
export const ACCEPTED_PHOTO_TYPES = ["image/jpeg", "image/png", "image/webp"] as const;
export type PhotoContentType = (typeof ACCEPTED_PHOTO_TYPES)[number];
/** The v1 service's default source limit (V1_SOURCE_MAX_BYTES), so an uploaded photo is one the service takes. */
export const MAX_PHOTO_BYTES = 25_000_000;

export function isAcceptedPhotoType(type: string): type is PhotoContentType {
  return (ACCEPTED_PHOTO_TYPES as readonly string[]).includes(type);
}

/** A sentence for the person when the file cannot be uploaded, otherwise null. */
export function photoFileProblem(file: { name: string; type: string; size: number }): string | null {
  if (!isAcceptedPhotoType(file.type)) return `${file.name} is not a JPEG, PNG or WebP image.`;
  if (file.size > MAX_PHOTO_BYTES) return `${file.name} is larger than 25 MB.`;
  if (file.size === 0) return `${file.name} is empty.`;
  return null;
}
