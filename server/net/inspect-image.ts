/**
 * Decides what an image really is from its bytes, never from a Content-Type header, and
 * refuses what the service cannot work on (D10, D13).
 */
import "server-only";
import { env } from "@/env";
import { AppError } from "@/server/errors";
import { checkImageSize, limitedSharp } from "./image-limits";

export type ImageMediaType = "image/jpeg" | "image/png" | "image/webp";

export type InspectedImage = { bytes: Buffer; contentType: ImageMediaType; width: number; height: number };

const MEDIA_TYPES: Record<string, ImageMediaType> = { jpeg: "image/jpeg", png: "image/png", webp: "image/webp" };

/** The v1 side's check of every source image: the shared limits (image-limits.ts), then the real format and a test decode. */
export async function inspectImage(bytes: Buffer, options: { maxPixels?: number } = {}): Promise<InspectedImage> {
  const maxPixels = options.maxPixels ?? env.V1_SOURCE_MAX_PIXELS;
  // Bytes are limited by the caller (fetch or store read); the pixel limit is checked from the header.
  const metadata = await checkImageSize(bytes, { maxPixels, maxBytes: Number.MAX_SAFE_INTEGER });
  const contentType = metadata.format ? MEDIA_TYPES[metadata.format] : undefined;
  if (!contentType) throw new AppError("unsupported_media");
  await assertDecodes(bytes, maxPixels);
  return { bytes, contentType, width: metadata.width, height: metadata.height };
}

/**
 * A valid header can sit on truncated or damaged data; decoding (shrunk, so cheap for
 * JPEG) finds that before a provider does.
 */
async function assertDecodes(bytes: Buffer, maxPixels: number): Promise<void> {
  try {
    await limitedSharp(bytes, { maxPixels }, { failOn: "truncated" }).resize(64, 64, { fit: "inside" }).raw().toBuffer();
  } catch (error) {
    throw new AppError("unsupported_media", "The image data is damaged.", { cause: error });
  }
}
