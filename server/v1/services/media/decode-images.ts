/**
 * Decodes the `images` of a property description request (D8): base64 strings or
 * `data:image/(jpeg|png|webp);base64,` URLs, each at most the size limit once decoded.
 * Remote URLs are refused, never fetched.
 */
import "server-only";
import { env } from "@/env";
import { AppError } from "@/server/errors";
import { sharp } from "@/server/images/sharp";
import type { ImageFile } from "@/server/providers/types";

const DATA_URL = /^data:(image\/(?:jpeg|jpg|png|webp));base64,/i;
const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;
const FORMATS: Record<string, string> = { jpeg: "image/jpeg", png: "image/png", webp: "image/webp" };

export async function decodeImages(images: string[], maxBytes = env.V1_PROPERTY_IMAGE_MAX_BYTES): Promise<ImageFile[]> {
  return Promise.all(images.map((image, index) => decodeOne(image.trim(), index, maxBytes)));
}

async function decodeOne(image: string, index: number, maxBytes: number): Promise<ImageFile> {
  const field = `images.${index}`;
  if (/^https?:\/\//i.test(image))
    throw new AppError("remote_images_not_supported", undefined, { details: [{ field, message: "remote URLs are not fetched" }] });
  let payload = image;
  if (image.startsWith("data:")) {
    const match = image.match(DATA_URL);
    if (!match)
      throw new AppError("unsupported_media", "Data URLs must be data:image/(jpeg|png|webp);base64,…", {
        details: [{ field, message: "unsupported data URL" }],
      });
    payload = image.slice(match[0].length);
  }
  payload = payload.replace(/\s+/g, "");
  if (!BASE64.test(payload) || payload.length % 4 === 1) {
    throw new AppError("invalid_request", "Images must be base64 or data URLs.", { details: [{ field, message: "not valid base64" }] });
  }
  if (Math.floor((payload.length * 3) / 4) > maxBytes + 2)
    throw new AppError("payload_too_large", `Image ${index} is over ${maxBytes} bytes.`, { details: [{ field, message: "too large" }] });
  const bytes = Buffer.from(payload, "base64");
  if (bytes.length > maxBytes)
    throw new AppError("payload_too_large", `Image ${index} is over ${maxBytes} bytes.`, { details: [{ field, message: "too large" }] });
  try {
    const meta = await sharp(bytes).metadata();
    const contentType = meta.format ? FORMATS[meta.format] : undefined;
    if (!contentType) throw new Error("unsupported format");
    if ((meta.width ?? 0) * (meta.height ?? 0) > env.V1_SOURCE_MAX_PIXELS)
      throw new AppError("payload_too_large", `Image ${index} has too many pixels.`);
    return { bytes, contentType };
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw new AppError("unsupported_media", `Image ${index} is not a JPEG, PNG or WebP image.`, {
      details: [{ field, message: "not a supported image" }],
    });
  }
}
