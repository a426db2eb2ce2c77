/**
 * Decides what an image really is from its bytes, never from a Content-Type header, and
 * refuses what the service cannot work on (D10, D13).
 */
import sharp from "sharp";
import { env } from "@/env";
import { AppError } from "@/server/errors";

export type ImageMediaType = "image/jpeg" | "image/png" | "image/webp";

export type InspectedImage = { bytes: Buffer; contentType: ImageMediaType; width: number; height: number };

const MEDIA_TYPES: Record<string, ImageMediaType> = { jpeg: "image/jpeg", png: "image/png", webp: "image/webp" };

export async function inspectImage(bytes: Buffer, options: { maxPixels?: number } = {}): Promise<InspectedImage> {
  const maxPixels = options.maxPixels ?? env.V1_SOURCE_MAX_PIXELS;
  const metadata = await sharp(bytes).metadata().catch(() => null);
  const contentType = metadata?.format ? MEDIA_TYPES[metadata.format] : undefined;
  if (!metadata || !contentType || !metadata.width || !metadata.height) {
    throw new AppError("unsupported_media");
  }
  if (metadata.width * metadata.height > maxPixels) {
    throw new AppError("payload_too_large", `The image has more than ${maxPixels} pixels.`, {
      details: { max_pixels: maxPixels, width: metadata.width, height: metadata.height },
    });
  }
  await assertDecodes(bytes, maxPixels);
  return { bytes, contentType, width: metadata.width, height: metadata.height };
}

/**
 * A valid header can sit on truncated or damaged data; decoding (shrunk, so cheap for
 * JPEG) finds that before a provider does.
 */
async function assertDecodes(bytes: Buffer, maxPixels: number): Promise<void> {
  try {
    await sharp(bytes, { failOn: "truncated", limitInputPixels: maxPixels })
      .resize(64, 64, { fit: "inside" })
      .raw()
      .toBuffer();
  } catch (error) {
    throw new AppError("unsupported_media", "The image data is damaged.", { cause: error });
  }
}
