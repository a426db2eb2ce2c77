import "server-only";
import { sharp } from "./sharp";

/** Decoded 8-bit sRGB pixels, EXIF orientation applied, interleaved RGB. */
export interface RgbImage {
  data: Buffer;
  width: number;
  height: number;
}

/**
 * Decodes any supported image to upright RGB. `maxSide` downscales (never enlarges) for
 * analysis work where full resolution only costs time.
 */
export async function decodeRgb(bytes: Buffer, maxSide?: number): Promise<RgbImage> {
  let pipeline = sharp(bytes).rotate();
  if (maxSide) pipeline = pipeline.resize(maxSide, maxSide, { fit: "inside", withoutEnlargement: true });
  const { data, info } = await pipeline
    .flatten({ background: "#ffffff" })
    .toColourspace("srgb")
    .raw()
    .toBuffer({ resolveWithObject: true });
  if (info.channels !== 3) throw new Error(`expected 3 channels after decoding, got ${info.channels}`);
  return { data, width: info.width, height: info.height };
}

/** The image's width and height with its EXIF orientation applied (from its header: nothing decoded). */
export async function uprightSize(bytes: Buffer): Promise<{ width: number; height: number }> {
  const { autoOrient } = await sharp(bytes).metadata();
  return { width: autoOrient.width, height: autoOrient.height };
}

export async function resizeRgb(image: RgbImage, width: number, height: number): Promise<RgbImage> {
  const data = await sharp(image.data, { raw: { width: image.width, height: image.height, channels: 3 } })
    .resize(width, height, { fit: "fill" })
    .raw()
    .toBuffer();
  return { data, width, height };
}

/**
 * Scales a one-channel 0..255 map (a mask) to another size and feathers its edges with
 * a Gaussian blur of `featherSigma` output pixels (0: none).
 */
export async function scaleMask(
  map: Uint8Array,
  from: { width: number; height: number },
  to: { width: number; height: number },
  featherSigma = 0,
): Promise<Uint8Array> {
  let pipeline = sharp(Buffer.from(map.buffer, map.byteOffset, map.byteLength), {
    raw: { width: from.width, height: from.height, channels: 1 },
  }).resize(to.width, to.height, { fit: "fill", kernel: "linear" });
  if (featherSigma >= 0.3) pipeline = pipeline.blur(featherSigma);
  const data = await pipeline.toColourspace("b-w").raw().toBuffer();
  return new Uint8Array(data.buffer, data.byteOffset, data.byteLength);
}

export function encodeJpeg(image: RgbImage, quality = 90): Promise<Buffer> {
  return sharp(image.data, { raw: { width: image.width, height: image.height, channels: 3 } })
    .jpeg({ quality })
    .toBuffer();
}
