/**
 * Fetches a source image (or mask) from a user-supplied URL and checks it is a JPEG, PNG
 * or WebP within the byte and pixel limits.
 */
import "server-only";
import { env } from "@/env";
import { inspectImage, type InspectedImage } from "./inspect-image";
import { safeFetch } from "./safe-fetch";

export type SourceImageLimits = { maxBytes?: number; maxPixels?: number };

export async function fetchSourceImage(url: string, limits: SourceImageLimits = {}): Promise<InspectedImage> {
  const response = await safeFetch(url, {
    maxBytes: limits.maxBytes ?? env.V1_SOURCE_MAX_BYTES,
    headers: { accept: "image/jpeg, image/png, image/webp" },
  });
  return inspectImage(response.body, { maxPixels: limits.maxPixels });
}
