/**
 * Images made to fit what a hosted provider accepts, and its outputs brought back to
 * what the source was. Providers refuse or distort inputs outside their limits (Kling:
 * JPG/PNG ≤ 10 MB, ≥ 300 px, aspect 1:2.5–2.5:1; generative image models work near 1–4 MP
 * and answer at their own size), so every adapter sends a re-encoded, resized copy and
 * resizes the answer to the source's exact width and height.
 */
import "server-only";
import { sharp } from "@/server/images/sharp";
import { ProviderError, type ImageFile } from "../types";

export interface ImageLimits {
  format: "jpeg" | "png";
  maxBytes: number;
  /** Width × height ceiling; larger inputs are scaled down (aspect kept). */
  maxPixels: number;
  minShortSide?: number;
  /** Long side over short side; wider inputs are centre-cropped to it. */
  maxAspect?: number;
}

export interface PreparedImage extends ImageFile {
  width: number;
  height: number;
}

/** Upright (EXIF applied), within the limits, in the provider's format; one decode per attempt. */
export async function prepareImage(bytes: Buffer, limits: ImageLimits): Promise<PreparedImage> {
  const meta = await readMetadata(bytes);
  let { width, height } = upright(meta);
  let crop: { left: number; top: number; width: number; height: number } | null = null;
  if (limits.maxAspect && Math.max(width, height) / Math.min(width, height) > limits.maxAspect) {
    const long = Math.floor(Math.min(width, height) * limits.maxAspect);
    crop =
      width > height
        ? { left: Math.floor((width - long) / 2), top: 0, width: long, height }
        : { left: 0, top: Math.floor((height - long) / 2), width, height: long };
    ({ width, height } = crop);
  }
  let scale = Math.min(1, Math.sqrt(limits.maxPixels / (width * height)));
  if (limits.minShortSide && Math.min(width, height) < limits.minShortSide) scale = limits.minShortSide / Math.min(width, height);
  // Already acceptable as it is: sent unchanged, without a generation of re-encoding.
  if (!crop && scale === 1 && meta.format === limits.format && (meta.orientation ?? 1) === 1 && bytes.length <= limits.maxBytes) {
    return { bytes, contentType: `image/${limits.format}`, width, height };
  }
  for (let attempt = 0; attempt < 6; attempt++) {
    // Floor keeps width × height within maxPixels.
    const w = Math.max(1, Math.floor(width * scale));
    const h = Math.max(1, Math.floor(height * scale));
    let pipeline = sharp(bytes).autoOrient();
    if (crop) pipeline = pipeline.extract(crop);
    if (w !== width || h !== height) pipeline = pipeline.resize(w, h, { fit: "fill", kernel: "lanczos3" });
    const out =
      limits.format === "png"
        ? await pipeline.png({ compressionLevel: 6 }).toBuffer()
        : await pipeline.jpeg({ quality: attempt < 1 ? 90 : 82 }).toBuffer();
    if (out.length <= limits.maxBytes) return { bytes: out, contentType: `image/${limits.format}`, width: w, height: h };
    if (attempt >= 1) scale *= 0.8;
  }
  throw new ProviderError(`The image could not be made smaller than ${limits.maxBytes} bytes for the provider.`, { transient: false });
}

/** A mask (white = change) as a greyscale PNG of exactly this size, so it lines up with the image copy sent beside it. */
export async function maskAt(bytes: Buffer, width: number, height: number): Promise<ImageFile> {
  const png = await sharp(bytes).autoOrient().removeAlpha().toColourspace("b-w").resize(width, height, { fit: "fill" }).png().toBuffer();
  return { bytes: png, contentType: "image/png" };
}

/** The provider's output at the source's exact size (its aspect was kept, or is restored by cover-cropping). */
export async function fitToSource(output: ImageFile, width: number, height: number): Promise<ImageFile> {
  const meta = await sharp(output.bytes).metadata();
  if (meta.width === width && meta.height === height && (meta.orientation ?? 1) === 1) return output;
  const bytes = await sharp(output.bytes)
    .autoOrient()
    .resize(width, height, { fit: "cover", kernel: "lanczos3" })
    .jpeg({ quality: 92 })
    .toBuffer();
  return { bytes, contentType: "image/jpeg" };
}

/** The source's upright pixel size. */
export async function uprightSize(bytes: Buffer): Promise<{ width: number; height: number }> {
  return upright(await readMetadata(bytes));
}

async function readMetadata(bytes: Buffer) {
  try {
    return await sharp(bytes).metadata();
  } catch (cause) {
    throw new ProviderError("The image could not be decoded.", { transient: false, cause });
  }
}

function upright(meta: { width?: number; height?: number; orientation?: number }): { width: number; height: number } {
  if (!meta.width || !meta.height) throw new ProviderError("The image has no dimensions.", { transient: false });
  const turned = (meta.orientation ?? 1) >= 5;
  return turned ? { width: meta.height, height: meta.width } : { width: meta.width, height: meta.height };
}

/**
 * An inpaint result put back onto the full-resolution original, blended by the mask
 * scaled to the original (white = the provider's pixels, grey = a mix for soft edges):
 * where the mask is black the original's pixels stay bit for bit (written as lossless PNG).
 */
export async function compositeInsideMask(original: Buffer, mask: Buffer, output: Buffer): Promise<ImageFile> {
  const { data: base, info } = await sharp(original)
    .autoOrient()
    .removeAlpha()
    .toColourspace("srgb")
    .raw()
    .toBuffer({ resolveWithObject: true });
  const { width, height } = info;
  const painted = await sharp(output)
    .autoOrient()
    .removeAlpha()
    .toColourspace("srgb")
    .resize(width, height, { fit: "fill", kernel: "lanczos3" })
    .raw()
    .toBuffer();
  const alpha = await sharp(mask).autoOrient().removeAlpha().toColourspace("b-w").resize(width, height, { fit: "fill" }).raw().toBuffer();
  for (let i = 0; i < width * height; i++) {
    const a = alpha[i];
    if (a === 0) continue;
    for (let c = i * 3; c < i * 3 + 3; c++) base[c] = Math.round((base[c] * (255 - a) + painted[c] * a) / 255);
  }
  // Low compression: a 12 MP photo as PNG is large either way, and level 9 costs seconds.
  const bytes = await sharp(base, { raw: { width, height, channels: 3 } })
    .png({ compressionLevel: 2 })
    .toBuffer();
  return { bytes, contentType: "image/png" };
}
