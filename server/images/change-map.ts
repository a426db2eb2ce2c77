/**
 * Where an output differs from the photo it was made from: the change map shown as an
 * overlay in the studio and on the share page.
 *
 * Method, at a working size of at most 384 px on the long side:
 * 1. align: the source is resized to the output's frame, then shifted by the whole-pixel
 *    offset (±4 px) that best matches the output in standardised grey (so a re-grade
 *    does not pull it), as generative models can nudge the frame;
 * 2. discount a global re-grade: per Lab channel, a robust linear fit of output on source
 *    (first over all pixels, then over those that fit well), so a colour grade over the
 *    whole image is reported once (`regraded`) rather than as "everything changed";
 * 3. threshold: ΔE (CIE76) after the fit, box-smoothed over 3×3, above 14;
 * 4. clean: opening (drops specks and JPEG noise), closing (fills pinholes), and
 *    components smaller than 0.05 % of the image dropped.
 * On the synthetic pairs of the tests a removed or added object is recovered within
 * 3 px of its true rectangle, also under a 2 px shift and a brightness/contrast re-grade.
 */
import "server-only";
import { bestShift, shifted } from "./align";
import { rgbBufferToLab } from "./color";
import { boxMean, morph } from "./edges";
import { decodeRgb, resizeRgb, type RgbImage } from "./raw-image";
import { regionsOf } from "./regions";
import { sharp } from "./sharp";
import { countNonZero, mapToBytes } from "./typed-map";

const WORK_SIDE = 384;
const MAX_SHIFT = 4;
const DELTA_E_THRESHOLD = 14;
const REGRADE_DELTA_E = 4;
const MIN_COMPONENT_FRACTION = 0.0005;

export interface ChangeBox {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface ChangeMap {
  /** Size of `mask` (the working size). */
  width: number;
  height: number;
  /** 1 where the output changed, row-major. */
  mask: Uint8Array;
  /** Size of the output the map describes, for scaling boxes and overlays. */
  outputWidth: number;
  outputHeight: number;
  /** Share of the image that changed, 0..1. */
  changedFraction: number;
  /** Changed areas, in output pixels, largest first. */
  boxes: ChangeBox[];
  /** The whole image was colour-graded (median ΔE before the fit above 4). */
  regraded: boolean;
  /** Offset of the output's content relative to the source, in output pixels. */
  shift: { dx: number; dy: number };
}

export async function computeChangeMap(sourceBytes: Buffer, outputBytes: Buffer): Promise<ChangeMap> {
  const output = await decodeRgb(outputBytes, WORK_SIDE);
  const source = await resizeRgb(await decodeRgb(sourceBytes, WORK_SIDE * 2), output.width, output.height);
  const { width, height } = output;
  const meta = await decodeSize(outputBytes);
  const shift = bestShift(source, output, MAX_SHIFT);
  const { mask, regions, regraded } = changedAreas(shifted(source, shift.dx, shift.dy), output, shift);
  const scaleX = meta.width / width;
  const scaleY = meta.height / height;
  const boxes: (ChangeBox & { area: number })[] = [];
  for (const region of regions) {
    let x0 = width,
      y0 = height,
      x1 = 0,
      y1 = 0;
    for (const p of region) {
      const x = p % width,
        y = (p - x) / width;
      x0 = Math.min(x0, x);
      x1 = Math.max(x1, x);
      y0 = Math.min(y0, y);
      y1 = Math.max(y1, y);
    }
    boxes.push({
      x: Math.round(x0 * scaleX),
      y: Math.round(y0 * scaleY),
      width: Math.round((x1 + 1 - x0) * scaleX),
      height: Math.round((y1 + 1 - y0) * scaleY),
      area: region.length,
    });
  }
  boxes.sort((a, b) => b.area - a.area);
  return {
    width,
    height,
    mask,
    outputWidth: meta.width,
    outputHeight: meta.height,
    changedFraction: countNonZero(mask) / mask.length,
    boxes: boxes.map(({ area: _area, ...box }) => box),
    regraded,
    shift: { dx: Math.round(shift.dx * scaleX), dy: Math.round(shift.dy * scaleY) },
  };
}

/**
 * Steps 2 to 4 on an aligned pair of the same size: the changed pixels (1 in `mask`),
 * their regions, and whether the whole image was re-graded. `shift` is the offset the
 * source was moved by, whose uncovered border says nothing. The structure check uses it
 * too, to tell the objects an output added from the room around them.
 */
export function changedAreas(
  aligned: RgbImage,
  output: RgbImage,
  shift: { dx: number; dy: number },
  ignored: Uint8Array | null = null,
): { mask: Uint8Array; regions: number[][]; regraded: boolean } {
  const { width, height } = output;
  const srcLab = rgbBufferToLab(aligned.data);
  const outLab = rgbBufferToLab(output.data);
  const regraded = median(deltaE(srcLab, outLab)) > REGRADE_DELTA_E;
  const fitted = fitChannels(srcLab, outLab, ignored);
  const smooth = boxMean(deltaE(fitted, outLab), width, height, 1);

  let mask: Uint8Array = mapToBytes(smooth, (d) => (d > DELTA_E_THRESHOLD ? 1 : 0));
  blankBorder(mask, width, height, shift);
  // Areas kept from the photo (structure-check.ts) are the source's own pixels: nothing there changed.
  if (ignored) for (let p = 0; p < mask.length; p++) if (ignored[p]) mask[p] = 0;
  mask = morph(morph(mask, width, height, 1), width, height, -1); // opening
  mask = morph(morph(mask, width, height, -2), width, height, 2); // closing
  const minArea = Math.max(6, Math.round(width * height * MIN_COMPONENT_FRACTION));
  const kept = new Uint8Array(mask.length);
  const regions = regionsOf(mask, width).filter((region) => region.length >= minArea);
  for (const region of regions) for (const p of region) kept[p] = 1;
  return { mask: kept, regions, regraded };
}

/** The output's upright size (EXIF orientation applied, as decodeRgb does). */
async function decodeSize(bytes: Buffer): Promise<{ width: number; height: number }> {
  const meta = await sharp(bytes).metadata();
  return { width: meta.autoOrient.width, height: meta.autoOrient.height };
}

function blankBorder(mask: Uint8Array, width: number, height: number, shift: { dx: number; dy: number }) {
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const sx = x - shift.dx,
        sy = y - shift.dy;
      if (sx < 0 || sy < 0 || sx >= width || sy >= height) mask[y * width + x] = 0;
    }
  }
}

function deltaE(a: Float32Array, b: Float32Array): Float32Array {
  const out = new Float32Array(a.length / 3);
  for (let p = 0, i = 0; p < out.length; p++, i += 3) {
    out[p] = Math.hypot(a[i] - b[i], a[i + 1] - b[i + 1], a[i + 2] - b[i + 2]);
  }
  return out;
}

function median(values: Float32Array): number {
  const sorted = Float32Array.from(values).sort();
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
}

/**
 * Source Lab mapped per channel onto the output's grade: least squares of out = g·src + o,
 * refitted on the pixels the first fit explains (residual under 8), so changed areas do
 * not bend the fit; `ignored` pixels (kept from the photo) are left out of it.
 */
function fitChannels(src: Float32Array, out: Float32Array, ignored: Uint8Array | null = null): Float32Array {
  const fitted = new Float32Array(src.length);
  const counted = (i: number) => !ignored?.[(i - (i % 3)) / 3];
  for (let c = 0; c < 3; c++) {
    let fit = linearFit(src, out, c, counted);
    fit = linearFit(src, out, c, (i) => counted(i) && Math.abs(fit.gain * src[i] + fit.offset - out[i]) < 8);
    for (let i = c; i < src.length; i += 3) fitted[i] = fit.gain * src[i] + fit.offset;
  }
  return fitted;
}

function linearFit(src: Float32Array, out: Float32Array, channel: number, use: (i: number) => boolean): { gain: number; offset: number } {
  let n = 0,
    sx = 0,
    sy = 0,
    sxx = 0,
    sxy = 0;
  for (let i = channel; i < src.length; i += 3) {
    if (!use(i)) continue;
    n++;
    sx += src[i];
    sy += out[i];
    sxx += src[i] * src[i];
    sxy += src[i] * out[i];
  }
  if (n < 16) return { gain: 1, offset: 0 };
  const variance = sxx - (sx * sx) / n;
  // A flat channel (a grey image's a/b) has no gain to fit: only the offset moves.
  const gain = variance > 1e-3 * n ? (sxy - (sx * sy) / n) / variance : 1;
  return { gain, offset: (sy - gain * sx) / n };
}
