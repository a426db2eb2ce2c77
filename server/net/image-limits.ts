/**
 * The one byte and pixel limit for every image Atrium decodes, the v1 service's source
 * images and the studio's uploads, masks and description copies alike
 * (V1_SOURCE_MAX_BYTES, V1_SOURCE_MAX_PIXELS). A decompression bomb (a small PNG that
 * declares 20,000 × 20,000 pixels) is refused from its header, before any decoding, and
 * libvips is told the same limit so nothing past it is ever decoded.
 */
import "server-only";
import { env } from "@/env";
import { AppError } from "@/server/errors";
import { sharp, type Metadata, type Sharp, type SharpOptions } from "@/server/images/sharp";

export type ImageLimits = { maxBytes?: number; maxPixels?: number };

/** sharp for bytes someone supplied: decoding stops at the pixel limit. */
export function limitedSharp(bytes: Buffer, limits: ImageLimits = {}, options: SharpOptions = {}): Sharp {
  return sharp(bytes, { limitInputPixels: limits.maxPixels ?? env.V1_SOURCE_MAX_PIXELS, ...options });
}

/** Checks bytes and the header's pixel count without decoding; answers the header's metadata. */
export async function checkImageSize(
  bytes: Buffer,
  limits: ImageLimits = {},
  what = "The image",
): Promise<Metadata & { width: number; height: number }> {
  const maxBytes = limits.maxBytes ?? env.V1_SOURCE_MAX_BYTES;
  const maxPixels = limits.maxPixels ?? env.V1_SOURCE_MAX_PIXELS;
  if (bytes.length > maxBytes) {
    throw new AppError("payload_too_large", `${what} is larger than ${maxBytes} bytes.`, { details: { max_bytes: maxBytes } });
  }
  const metadata = await sharp(bytes)
    .metadata()
    .catch(() => null);
  if (!metadata?.width || !metadata.height) throw new AppError("unsupported_media", `${what} is not a readable image.`);
  if (metadata.width * metadata.height > maxPixels) {
    throw new AppError("payload_too_large", `${what} has more than ${maxPixels} pixels.`, {
      details: { max_pixels: maxPixels, width: metadata.width, height: metadata.height },
    });
  }
  return metadata as Metadata & { width: number; height: number };
}
