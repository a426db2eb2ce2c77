/**
 * Areas an agent keeps (D17): where a keep mask is white, every output shows the source
 * photo's own pixels, so a window, a fireplace or a built-in cannot change whatever the
 * model drew there.
 *
 * The output is first brought into the source's frame (frame-alignment.ts: models shift,
 * rescale and crop what they are given), so the source is never resampled: inside the
 * kept areas shrunk by the seam the result is the source bit for bit. Over the seam, the
 * KEPT_AREAS.seam px inside an area's edge, the source is blended into the output by its
 * distance from the edge, so the restored window does not sit on the staged room like a
 * sticker. An output that cannot be aligned is left as the model made it: pasting the
 * photo over a room drawn from another camera would put its windows in the wrong place.
 */
import "server-only";
import { framingAtFullSize, type Reframing } from "./frame-alignment";
import type { RgbImage } from "./raw-image";
import { regionsOf } from "./regions";
import { sharp } from "./sharp";

export const KEPT_AREAS = {
  /** The blend inside each kept area's edge, px of the source photo; deeper in, the source's pixels are pasted unchanged. */
  seam: 8,
  /** A mask's aspect ratio may differ from its photo's by this much (relative): a mask painted at another size is scaled to the photo. */
  aspectTolerance: 0.01,
  /** A mask pixel at least this light is kept. */
  threshold: 128,
} as const;

/** What a keep mask holds, read at its own size. */
export interface MaskSummary {
  width: number;
  height: number;
  /** The share of its pixels that are kept. */
  keptShare: number;
}

/** The mask flattened on black, one channel, at its own size (a PNG with transparency keeps only what is painted). */
export async function summariseMask(png: Buffer): Promise<MaskSummary> {
  const { data, info } = await sharp(png).flatten({ background: "#000000" }).toColourspace("b-w").raw().toBuffer({ resolveWithObject: true });
  let kept = 0;
  for (let p = 0; p < data.length; p += info.channels) kept += data[p] >= KEPT_AREAS.threshold ? 1 : 0;
  return { width: info.width, height: info.height, keptShare: kept / (info.width * info.height) };
}

/** 1 where the mask, scaled to width × height, keeps the photo. */
export async function keptAt(mask: Buffer, width: number, height: number): Promise<Uint8Array> {
  const data = await sharp(mask)
    .flatten({ background: "#000000" })
    .toColourspace("b-w")
    .resize(width, height, { fit: "fill", kernel: "linear" })
    .extractChannel(0)
    .raw()
    .toBuffer();
  const kept = new Uint8Array(width * height);
  for (let p = 0; p < kept.length; p++) kept[p] = data[p] >= KEPT_AREAS.threshold ? 1 : 0;
  return kept;
}

/** The bounding box of the kept pixels (x1, y1 exclusive), or null when none is kept. */
function keptBox(kept: Uint8Array, width: number, height: number): { x0: number; y0: number; x1: number; y1: number } | null {
  let x0 = width, y0 = height, x1 = -1, y1 = -1;
  for (let y = 0; y < height; y++) {
    const row = y * width;
    for (let x = 0; x < width; x++) {
      if (!kept[row + x]) continue;
      if (x < x0) x0 = x;
      if (x > x1) x1 = x;
      if (y < y0) y0 = y;
      y1 = y;
    }
  }
  return x1 < 0 ? null : { x0, y0, x1: x1 + 1, y1: y1 + 1 };
}

/**
 * The source's weight in each pixel, 0..255: 255 at least `seam` px inside a kept area,
 * falling linearly to 0 at its edge, 0 outside. The distance to the nearest pixel not
 * kept is a chamfer distance (3 a step straight, 4 diagonally), which reads between 0.94
 * and 1.05 times the true distance; the full weight is reached at 0.94 × `seam`, so every
 * pixel `seam` px or more inside is the source's in any direction. The frame's edge is
 * not an area's edge: an area that runs off the photo is kept to the border. Computed
 * over the kept areas' bounding box only.
 */
export function seamWeights(kept: Uint8Array, width: number, height: number, seam: number = KEPT_AREAS.seam): { weights: Uint8Array; box: { x0: number; y0: number; x1: number; y1: number } | null } {
  const weights = new Uint8Array(width * height);
  const box = keptBox(kept, width, height);
  if (!box) return { weights, box };
  const w = box.x1 - box.x0, h = box.y1 - box.y0;
  const cap = Math.floor(seam * 3 * 0.94);
  const d = new Uint16Array(w * h);
  // The box's own border rows and columns see outside it only where the frame goes on: outside the box nothing is kept.
  const at = (x: number, y: number) => (x < 0 || y < 0 || x >= w || y >= h ? (box.x0 + x < 0 || box.y0 + y < 0 || box.x0 + x >= width || box.y0 + y >= height ? cap : 0) : d[y * w + x]);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      if (!kept[(box.y0 + y) * width + box.x0 + x]) continue;
      d[y * w + x] = Math.min(cap, at(x - 1, y) + 3, at(x, y - 1) + 3, at(x - 1, y - 1) + 4, at(x + 1, y - 1) + 4);
    }
  }
  for (let y = h - 1; y >= 0; y--) {
    for (let x = w - 1; x >= 0; x--) {
      const i = y * w + x;
      if (!d[i]) continue;
      d[i] = Math.min(d[i], at(x + 1, y) + 3, at(x, y + 1) + 3, at(x + 1, y + 1) + 4, at(x - 1, y + 1) + 4);
      weights[(box.y0 + y) * width + box.x0 + x] = Math.round((255 * d[i]) / cap);
    }
  }
  return { weights, box };
}

/** The output (same frame and size as the source) with the source's pixels pasted in by their weights. */
export function pasteKept(source: RgbImage, output: RgbImage, seams: ReturnType<typeof seamWeights>): RgbImage {
  const data = Buffer.from(output.data);
  const { weights, box } = seams;
  if (!box) return { data, width: output.width, height: output.height };
  const width = source.width;
  for (let y = box.y0; y < box.y1; y++) {
    for (let p = y * width + box.x0, end = y * width + box.x1; p < end; p++) {
      const a = weights[p];
      if (a === 0) continue;
      const i = p * 3;
      if (a === 255) {
        data[i] = source.data[i];
        data[i + 1] = source.data[i + 1];
        data[i + 2] = source.data[i + 2];
        continue;
      }
      for (let c = i; c < i + 3; c++) data[c] = Math.round((source.data[c] * a + data[c] * (255 - a)) / 255);
    }
  }
  return { data, width, height: source.height };
}

export type KeptRestoration =
  | {
      restored: true;
      /** The output in the source's frame with the kept areas pasted in, before any encoder runs. */
      image: RgbImage;
      /** The part of the source's frame it shows (the whole photo unless the model re-framed it). */
      rect: { x0: number; y0: number; x1: number; y1: number };
      reframing: Reframing | null;
    }
  | { restored: false; reason: string };

/** The source's kept areas pasted into the output, once the output is in the source's frame; or why it could not be aligned. */
export async function restoreKeptAreas(source: RgbImage, output: RgbImage, mask: Buffer): Promise<KeptRestoration> {
  const framing = await framingAtFullSize(source, output);
  if (!framing.aligned) return { restored: false, reason: framing.reason };
  const { rect } = framing;
  const width = rect.x1 - rect.x0, height = rect.y1 - rect.y0;
  const base = width === source.width && height === source.height ? source : cropRgb(source, rect);
  const kept = await keptAt(mask, source.width, source.height).then((all) => (base === source ? all : cropMap(all, source.width, rect)));
  const image = pasteKept(base, framing.output, seamWeights(kept, width, height));
  return { restored: true, image, rect, reframing: framing.reframing };
}

function cropRgb(image: RgbImage, rect: { x0: number; y0: number; x1: number; y1: number }): RgbImage {
  const width = rect.x1 - rect.x0, height = rect.y1 - rect.y0;
  const data = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++) image.data.copy(data, y * width * 3, ((rect.y0 + y) * image.width + rect.x0) * 3, ((rect.y0 + y) * image.width + rect.x1) * 3);
  return { data, width, height };
}

function cropMap(map: Uint8Array, fullWidth: number, rect: { x0: number; y0: number; x1: number; y1: number }): Uint8Array {
  const width = rect.x1 - rect.x0;
  const out = new Uint8Array(width * (rect.y1 - rect.y0));
  for (let y = rect.y0; y < rect.y1; y++) out.set(map.subarray(y * fullWidth + rect.x0, y * fullWidth + rect.x1), (y - rect.y0) * width);
  return out;
}

/** Where a kept area lies, as fractions of the frame, and its share of the frame. */
export interface KeptRegion {
  x: number;
  y: number;
  width: number;
  height: number;
  share: number;
}

/** Areas under this share of the frame are specks of a brush, not things kept. */
const MIN_REGION_SHARE = 0.002;
const DESCRIBE_SIDE = 128;

/** The kept areas one by one (largest first), from the mask at a small size. */
export async function keptRegions(mask: Buffer): Promise<KeptRegion[]> {
  const meta = await sharp(mask).metadata();
  const factor = Math.min(1, DESCRIBE_SIDE / Math.max(meta.width ?? 1, meta.height ?? 1));
  const width = Math.max(1, Math.round((meta.width ?? 1) * factor)), height = Math.max(1, Math.round((meta.height ?? 1) * factor));
  const kept = await keptAt(mask, width, height);
  const round = (v: number) => Math.round(v * 1000) / 1000;
  return regionsOf(kept, width)
    .filter((region) => region.length >= MIN_REGION_SHARE * width * height)
    .sort((a, b) => b.length - a.length)
    .map((region) => {
      const xs = region.map((p) => p % width), ys = region.map((p) => Math.floor(p / width));
      const [x0, x1, y0, y1] = [Math.min(...xs), Math.max(...xs) + 1, Math.min(...ys), Math.max(...ys) + 1];
      return { x: round(x0 / width), y: round(y0 / height), width: round((x1 - x0) / width), height: round((y1 - y0) / height), share: round(region.length / (width * height)) };
    });
}

/** Where a region's centre lies, in thirds of the frame, in words a model or a reader follows: "upper left", "middle right", "centre". */
export function placeOf(region: Pick<KeptRegion, "x" | "y" | "width" | "height">): string {
  const third = (v: number) => (v < 1 / 3 ? 0 : v > 2 / 3 ? 2 : 1);
  const row = third(region.y + region.height / 2), column = third(region.x + region.width / 2);
  return row === 1 && column === 1 ? "centre" : `${["upper", "middle", "lower"][row]} ${["left", "centre", "right"][column]}`;
}
