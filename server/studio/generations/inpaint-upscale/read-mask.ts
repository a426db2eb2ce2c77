/**
 * The mask painted in the browser, as the service wants it (D8: white where the image
 * is to change): decoded from a PNG data URL, flattened on black, one channel. The
 * shared image limits apply before decoding, so a bomb is refused from its header.
 */
import "server-only";
import { AppError } from "@/server/errors";
import { checkImageSize, limitedSharp } from "@/server/net/image-limits";

const MAX_MASK_BYTES = 8 * 1024 * 1024;
const PNG_DATA_URL = /^data:image\/png;base64,([A-Za-z0-9+/=]+)$/;

export async function readMask(dataUrl: string): Promise<Buffer> {
  const match = PNG_DATA_URL.exec(dataUrl);
  if (!match) throw new AppError("invalid_request", "The mask must be a PNG image.");
  const bytes = Buffer.from(match[1], "base64");
  if (bytes.length > MAX_MASK_BYTES) throw new AppError("payload_too_large", "The mask is too large.");
  await checkImageSize(bytes, { maxBytes: MAX_MASK_BYTES }, "The mask").catch((error: unknown) => {
    throw error instanceof AppError && error.code === "unsupported_media"
      ? new AppError("invalid_request", "The mask is not a readable PNG image.")
      : error;
  });
  let mask: Buffer;
  let max: number;
  try {
    const image = limitedSharp(bytes).flatten({ background: "#000000" }).grayscale();
    mask = await image.clone().png().toBuffer();
    max = (await image.stats()).channels[0].max;
  } catch {
    throw new AppError("invalid_request", "The mask is not a readable PNG image.");
  }
  if (max < 128) throw new AppError("invalid_request", "Paint over the part of the photo to change first.");
  return mask;
}
