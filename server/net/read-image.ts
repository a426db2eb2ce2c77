/**
 * Reads an image URL a caller supplied. Links to the service's own stored files are read
 * from storage, never over HTTP (D10): the app does not fetch itself, and a private
 * storage endpoint stays out of reach of the fetch guard. Everything else goes through
 * fetchSourceImage. Both paths apply the same format, byte and pixel checks. The store is
 * the caller's (the verb's context), so a test's or another deployment's store is the one read.
 */
import "server-only";
import { env } from "@/env";
import { AppError } from "@/server/errors";
import type { BlobStore } from "@/server/storage";
import { fetchSourceImage, type SourceImageLimits } from "./fetch-source-image";
import { inspectImage, type InspectedImage } from "./inspect-image";

export async function readImageUrl(store: BlobStore, url: string, options: SourceImageLimits = {}): Promise<InspectedImage> {
  const key = await store.resolveOwnUrl(url);
  if (key === null) return fetchSourceImage(url, options);
  const blob = await store.get(key);
  if (!blob) throw new AppError("source_fetch_failed", "The stored file no longer exists.");
  const maxBytes = options.maxBytes ?? env.V1_SOURCE_MAX_BYTES;
  if (blob.bytes.length > maxBytes) {
    throw new AppError("payload_too_large", `The image is larger than ${maxBytes} bytes.`, { details: { max_bytes: maxBytes } });
  }
  return inspectImage(blob.bytes, { maxPixels: options.maxPixels });
}
