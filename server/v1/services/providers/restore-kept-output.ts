/**
 * The areas an agent keeps (D17), pasted back into a provider's outputs from the photo
 * before anything else sees them (redesign-checked.ts runs every redesign output of every
 * provider through here): the structure check, the store and the client get the restored
 * image. The photo's side (its decodes, corners and the mask's seams) is prepared once for
 * all the outputs, while the first is decoded. The output is brought into the photo's
 * frame first (server/images/restore-kept.ts);
 * one that cannot be aligned is kept as the model made it, with the reason, and the
 * caller marks it for review rather than paste the photo over a moved room.
 *
 * Encoding: a PNG output stays PNG (lossless: the kept areas stay the photo's exact
 * pixels in the file); anything else becomes a JPEG at quality 92 without chroma
 * subsampling, so the kept areas differ from the photo's pixels only by the encoder's
 * rounding.
 */
import "server-only";
import { cornersOf, FEATURE_SIDE } from "@/server/images/frame-alignment";
import { restoreKeptAreas, type KeptSource } from "@/server/images/restore-kept";
import { decodeRgb, type RgbImage } from "@/server/images/raw-image";
import { sharp } from "@/server/images/sharp";
import type { ImageFile, ProviderResult } from "@/server/providers/types";

export const KEPT_JPEG_QUALITY = 92;

export type RestoredFile =
  | {
      restored: true;
      file: ImageFile;
      /** The file's pixels before encoding. */
      pixels: RgbImage;
      /** The part of the photo's frame they show: all of it unless the model re-framed the photo, then what it drew (a few pixels less, at the photo's scale). */
      rect: { x0: number; y0: number; x1: number; y1: number };
    }
  | { restored: false; reason: string };

/**
 * One output with the photo's kept areas pasted in, the file and its pixels before
 * encoding; or why it could not be aligned. The output is decoded (and its corners found)
 * while the photo's side may still be under way.
 */
export async function restoreKeptFile(source: KeptSource | Promise<KeptSource>, output: ImageFile): Promise<RestoredFile> {
  const [kept, made, corners] = await Promise.all([source, decodeRgb(output.bytes), decodeRgb(output.bytes, FEATURE_SIDE).then(cornersOf)]);
  const restoration = await restoreKeptAreas(kept, made, corners);
  if (!restoration.restored) return restoration;
  const pixels = restoration.image;
  const raw = sharp(pixels.data, { raw: { width: pixels.width, height: pixels.height, channels: 3 } });
  const file: ImageFile =
    output.contentType === "image/png"
      ? { bytes: await raw.png({ compressionLevel: 2 }).toBuffer(), contentType: "image/png" }
      : { bytes: await raw.jpeg({ quality: KEPT_JPEG_QUALITY, chromaSubsampling: "4:4:4" }).toBuffer(), contentType: "image/jpeg" };
  return { restored: true, file, pixels, rect: restoration.rect };
}

/**
 * The provider's result with every output restored, or, when one cannot be aligned, as
 * made, with the reason. `source`: the photo's side, asked for when the first output is
 * decoded (so it runs beside that decode) and shared by every call of a job: its outputs
 * and a second try.
 */
export async function restoreKeptOutput(
  source: () => Promise<KeptSource>,
  result: ProviderResult,
): Promise<{ result: ProviderResult; unaligned: string | null }> {
  const outputs: ImageFile[] = [];
  for (const output of result.outputs) {
    const restored = await restoreKeptFile(source(), output);
    if (!restored.restored) return { result, unaligned: restored.reason };
    outputs.push(restored.file);
  }
  return { result: { ...result, outputs }, unaligned: null };
}
