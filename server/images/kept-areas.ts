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
  const { data, info } = await sharp(png)
    .flatten({ background: "#000000" })
    .toColourspace("b-w")
    .raw()
    .toBuffer({ resolveWithObject: true });
  let kept = 0;
  for (let p = 0; p < data.length; p += info.channels) kept += data[p] >= KEPT_AREAS.threshold ? 1 : 0;
  return { width: info.width, height: info.height, keptShare: kept / (info.width * info.height) };
}

/**
 * 1 where the mask, scaled to width × height (bilinear, as a resize would), keeps the
 * photo. Only the kept areas' bounding box is scaled: the rest of a 12 MP frame is known
 * to be 0 from the mask at its own size.
 */
export async function keptAt(mask: Buffer, width: number, height: number): Promise<Uint8Array> {
  const { grey, width: mw, height: mh } = await maskGrey(mask);
  const kept = new Uint8Array(width * height);
  let [bx0, by0, bx1, by1] = [mw, mh, -1, -1];
  for (let y = 0; y < mh; y++) {
    for (let x = 0; x < mw; x++) {
      if (grey[y * mw + x] === 0) continue;
      if (x < bx0) bx0 = x;
      if (x > bx1) bx1 = x;
      if (y < by0) by0 = y;
      by1 = y;
    }
  }
  if (bx1 < 0) return kept;
  // Output pixel centres mapped into the mask; one mask pixel of margin for the interpolation.
  const [sx, sy] = [mw / width, mh / height];
  const x0 = Math.max(0, Math.floor((bx0 - 1) / sx)),
    x1 = Math.min(width, Math.ceil((bx1 + 2) / sx));
  const y0 = Math.max(0, Math.floor((by0 - 1) / sy)),
    y1 = Math.min(height, Math.ceil((by1 + 2) / sy));
  const threshold = KEPT_AREAS.threshold;
  // Where each output column falls between two mask columns, computed once.
  const columns = x1 - x0;
  const xa = new Int32Array(columns),
    xb = new Int32Array(columns),
    wx = new Float32Array(columns);
  for (let x = x0; x < x1; x++) {
    const fx = Math.min(mw - 1, Math.max(0, (x + 0.5) * sx - 0.5));
    xa[x - x0] = Math.floor(fx);
    xb[x - x0] = Math.min(mw - 1, xa[x - x0] + 1);
    wx[x - x0] = fx - xa[x - x0];
  }
  for (let y = y0; y < y1; y++) {
    const fy = Math.min(mh - 1, Math.max(0, (y + 0.5) * sy - 0.5));
    const ya = Math.floor(fy),
      yb = Math.min(mh - 1, ya + 1),
      wy = fy - ya;
    const rowA = ya * mw,
      rowB = yb * mw,
      out = y * width + x0;
    for (let i = 0; i < columns; i++) {
      const a = grey[rowA + xa[i]],
        b = grey[rowA + xb[i]],
        c = grey[rowB + xa[i]],
        d = grey[rowB + xb[i]];
      // Away from an edge the four are alike: no interpolation needed.
      if ((a | b | c | d) === 0) continue;
      if ((a & b & c & d) === 255) {
        kept[out + i] = 1;
        continue;
      }
      const top = a + (b - a) * wx[i],
        bottom = c + (d - c) * wx[i];
      if (top + (bottom - top) * wy >= threshold) kept[out + i] = 1;
    }
  }
  return kept;
}

/** The mask's lightness at its own size, one channel, flattened on black. */
async function maskGrey(mask: Buffer): Promise<{ grey: Buffer; width: number; height: number }> {
  const { data, info } = await sharp(mask)
    .flatten({ background: "#000000" })
    .toColourspace("b-w")
    .extractChannel(0)
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { grey: data, width: info.width, height: info.height };
}

/** The kept pixels' bounding box at width × height (x1, y1 exclusive), from the mask at its own size, or null. */
type Box = { x0: number; y0: number; x1: number; y1: number };

/**
 * The source's weight in each pixel of a width × height frame, 0..255: 255 at least `seam`
 * px inside a kept area, falling linearly to 0 at its edge, 0 outside; where an area is,
 * exactly as `keptAt` scales the mask. The distance to the nearest pixel not kept is a
 * chamfer distance (3 a step straight, 4 diagonally), which reads between 0.94 and 1.05
 * times the true distance; the full weight is reached at 0.94 × `seam`, so every pixel
 * `seam` px or more inside is the source's in any direction. The frame's edge is not an
 * area's edge: an area that runs off the photo is kept to the border.
 *
 * A 12 MP frame is mostly far from any area's edge, so the work follows the mask: mask
 * pixels whose neighbourhood (wide enough to hold the seam at full size) is all kept or
 * all not kept fill their full-size pixels at once (255 or 0); only the band along the
 * edges is scaled pixel by pixel and measured.
 */
export async function seamWeightsOf(
  mask: Buffer,
  width: number,
  height: number,
  seam: number = KEPT_AREAS.seam,
): Promise<{ weights: Uint8Array; box: Box | null }> {
  const { grey, width: mw, height: mh } = await maskGrey(mask);
  const weights = new Uint8Array(width * height);
  const kept = new Uint8Array(mw * mh);
  let any = false;
  for (let p = 0; p < kept.length; p++) {
    if (grey[p] < KEPT_AREAS.threshold) continue;
    kept[p] = 1;
    any = true;
  }
  if (!any) return { weights, box: null };
  const [sx, sy] = [mw / width, mh / height];
  // Mask pixels within `reach` of a change of class: their full-size pixels are in the seam's band.
  const reach = Math.ceil((seam + 2) * Math.max(sx, sy)) + 1;
  const band = dilate(edgesOf(kept, mw, mh), mw, mh, reach);
  // Full-size columns and rows → the mask pixel they are nearest to, and their interpolation.
  const nearestX = new Int32Array(width),
    xa = new Int32Array(width),
    xb = new Int32Array(width),
    wx = new Float32Array(width);
  for (let x = 0; x < width; x++) {
    nearestX[x] = Math.min(mw - 1, Math.floor((x + 0.5) * sx));
    const fx = Math.min(mw - 1, Math.max(0, (x + 0.5) * sx - 0.5));
    xa[x] = Math.floor(fx);
    xb[x] = Math.min(mw - 1, xa[x] + 1);
    wx[x] = fx - xa[x];
  }
  const cap = Math.floor(seam * 3 * 0.94);
  // Chamfer distances in a frame one pixel wider all round: beyond the photo's edge an area goes on.
  const w = width + 2;
  const d = new Uint8Array(w * (height + 2));
  // The first full-size column nearest to each mask column (and past the last one).
  const firstX = new Int32Array(mw + 1).fill(width);
  for (let x = width - 1; x >= 0; x--) firstX[nearestX[x]] = x;
  for (let m = mw - 1; m >= 0; m--) if (firstX[m] === width) firstX[m] = firstX[m + 1];
  // Each mask row as runs of one kind: 0 not kept, 1 kept, 2 in the band.
  const runsOf = (my: number) => {
    const runs: [number, number, number][] = [];
    for (let m = 0; m < mw;) {
      const p = my * mw + m;
      const kind = band[p] ? 2 : kept[p];
      let end = m + 1;
      while (end < mw && (band[my * mw + end] ? 2 : kept[my * mw + end]) === kind) end++;
      if (kind) runs.push([firstX[m], firstX[end], kind]);
      m = end;
    }
    return runs;
  };
  let box: Box | null = null;
  const bandRuns: [number, number, number][] = [];
  let runs: [number, number, number][] = [],
    runsRow = -1;
  for (let y = 0; y < height; y++) {
    const my = Math.min(mh - 1, Math.floor((y + 0.5) * sy));
    if (my !== runsRow) [runs, runsRow] = [runsOf(my), my];
    const fy = Math.min(mh - 1, Math.max(0, (y + 0.5) * sy - 0.5));
    const ya = Math.floor(fy),
      yb = Math.min(mh - 1, ya + 1),
      wy = fy - ya;
    const row = y * width,
      drow = (y + 1) * w + 1;
    for (const [x, end, kind] of runs) {
      if (x >= end) continue;
      if (kind === 1) {
        weights.fill(255, row + x, row + end);
        d.fill(cap, drow + x, drow + end);
        box = grow(box, x, y, end);
        continue;
      }
      for (let i = x; i < end; i++) {
        const a = grey[ya * mw + xa[i]],
          b = grey[ya * mw + xb[i]],
          c = grey[yb * mw + xa[i]],
          e = grey[yb * mw + xb[i]];
        const top = a + (b - a) * wx[i],
          bottom = c + (e - c) * wx[i];
        if (top + (bottom - top) * wy >= KEPT_AREAS.threshold) d[drow + i] = 1;
      }
      bandRuns.push([y, x, end]);
    }
  }
  for (let x = 0; x < w; x++) d[x] = d[(height + 1) * w + x] = cap;
  for (let y = 0; y < height + 2; y++) d[y * w] = d[y * w + w - 1] = cap;
  // The two chamfer passes, over the band only: every pixel outside it already holds its final value (0, or at least the seam's full weight).
  for (const [y, x0, x1] of bandRuns) {
    for (let i = (y + 1) * w + 1 + x0, end = (y + 1) * w + 1 + x1; i < end; i++) {
      if (!d[i]) continue;
      const up = i - w;
      let v = d[i - 1] + 3;
      if (d[up] + 3 < v) v = d[up] + 3;
      if (d[up - 1] + 4 < v) v = d[up - 1] + 4;
      if (d[up + 1] + 4 < v) v = d[up + 1] + 4;
      d[i] = v < cap ? v : cap;
    }
  }
  for (let r = bandRuns.length - 1; r >= 0; r--) {
    const [y, x0, x1] = bandRuns[r];
    for (let i = (y + 1) * w + x1, start = (y + 1) * w + 1 + x0, out = y * width + x1 - 1; i >= start; i--, out--) {
      let v = d[i];
      if (!v) continue;
      const down = i + w;
      if (d[i + 1] + 3 < v) v = d[i + 1] + 3;
      if (d[down] + 3 < v) v = d[down] + 3;
      if (d[down + 1] + 4 < v) v = d[down + 1] + 4;
      if (d[down - 1] + 4 < v) v = d[down - 1] + 4;
      d[i] = v;
      weights[out] = v >= cap ? 255 : Math.round((255 * v) / cap);
      box = grow(box, out - y * width, y, out - y * width + 1);
    }
  }
  return { weights, box };
}

function grow(box: Box | null, x0: number, y: number, x1: number): Box {
  if (!box) return { x0, y0: y, x1, y1: y + 1 };
  if (x0 < box.x0) box.x0 = x0;
  if (x1 > box.x1) box.x1 = x1;
  if (y < box.y0) box.y0 = y;
  if (y + 1 > box.y1) box.y1 = y + 1;
  return box;
}

/** 1 on the pixels of a binary map whose right or lower neighbour differs, and on those neighbours. */
function edgesOf(map: Uint8Array, width: number, height: number): Uint8Array {
  const out = new Uint8Array(map.length);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const p = y * width + x;
      if (x + 1 < width && map[p] !== map[p + 1]) out[p] = out[p + 1] = 1;
      if (y + 1 < height && map[p] !== map[p + width]) out[p] = out[p + width] = 1;
    }
  }
  return out;
}

/** A binary map grown by `radius` (a square), in two passes. */
function dilate(map: Uint8Array, width: number, height: number, radius: number): Uint8Array {
  const rows = new Uint8Array(map.length),
    out = new Uint8Array(map.length);
  for (let y = 0; y < height; y++) {
    let last = -Infinity;
    for (let x = 0; x < width + radius; x++) {
      if (x < width && map[y * width + x]) last = x;
      const at = x - radius;
      if (at >= 0 && at < width && x - last <= 2 * radius) rows[y * width + at] = 1;
    }
  }
  for (let x = 0; x < width; x++) {
    let last = -Infinity;
    for (let y = 0; y < height + radius; y++) {
      if (y < height && rows[y * width + x]) last = y;
      const at = y - radius;
      if (at >= 0 && at < height && y - last <= 2 * radius) out[at * width + x] = 1;
    }
  }
  return out;
}

/** The output (same frame and size as the source) with the source's pixels pasted in by their weights. */
export function pasteKept(source: RgbImage, output: RgbImage, seams: { weights: Uint8Array; box: Box | null }): RgbImage {
  const data = Buffer.from(output.data);
  const { weights, box } = seams;
  if (!box) return { data, width: output.width, height: output.height };
  const width = source.width;
  for (let y = box.y0; y < box.y1; y++) {
    for (let p = y * width + box.x0, end = y * width + box.x1; p < end; p++) {
      const a = weights[p];
      if (a === 0) continue;
      if (a === 255) {
        // A run of the source's own pixels, copied at once.
        let q = p + 1;
        while (q < end && weights[q] === 255) q++;
        source.data.copy(data, p * 3, p * 3, q * 3);
        p = q - 1;
        continue;
      }
      for (let c = p * 3; c < p * 3 + 3; c++) data[c] = Math.round((source.data[c] * a + data[c] * (255 - a)) / 255);
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

/**
 * The source's kept areas pasted into the output, once the output is in the source's
 * frame; or why it could not be aligned. `small`: the two images at most 512 px on their
 * long side, when the caller decoded them so (shrinking on load is cheaper than from the
 * full-size pixels).
 */
export async function restoreKeptAreas(
  source: RgbImage,
  output: RgbImage,
  mask: Buffer,
  small?: { source: RgbImage; output: RgbImage },
): Promise<KeptRestoration> {
  const framing = await framingAtFullSize(source, output, small);
  if (!framing.aligned) return { restored: false, reason: framing.reason };
  const { rect } = framing;
  const width = rect.x1 - rect.x0,
    height = rect.y1 - rect.y0;
  const whole = width === source.width && height === source.height;
  const base = whole ? source : cropRgb(source, rect);
  const seams = await seamWeightsOf(mask, source.width, source.height);
  const image = pasteKept(base, framing.output, whole ? seams : cropSeams(seams, source.width, rect));
  return { restored: true, image, rect, reframing: framing.reframing };
}

function cropRgb(image: RgbImage, rect: { x0: number; y0: number; x1: number; y1: number }): RgbImage {
  const width = rect.x1 - rect.x0,
    height = rect.y1 - rect.y0;
  const data = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++)
    image.data.copy(data, y * width * 3, ((rect.y0 + y) * image.width + rect.x0) * 3, ((rect.y0 + y) * image.width + rect.x1) * 3);
  return { data, width, height };
}

/** The weights within `rect` of the photo's frame, their box moved with it (the seam stays where the photo puts it). */
function cropSeams(
  seams: { weights: Uint8Array; box: Box | null },
  fullWidth: number,
  rect: Box,
): { weights: Uint8Array; box: Box | null } {
  const width = rect.x1 - rect.x0,
    height = rect.y1 - rect.y0;
  const weights = new Uint8Array(width * height);
  for (let y = rect.y0; y < rect.y1; y++)
    weights.set(seams.weights.subarray(y * fullWidth + rect.x0, y * fullWidth + rect.x1), (y - rect.y0) * width);
  const box = seams.box && {
    x0: Math.max(0, seams.box.x0 - rect.x0),
    y0: Math.max(0, seams.box.y0 - rect.y0),
    x1: Math.min(width, seams.box.x1 - rect.x0),
    y1: Math.min(height, seams.box.y1 - rect.y0),
  };
  return { weights, box: box && box.x1 > box.x0 && box.y1 > box.y0 ? box : null };
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
  const width = Math.max(1, Math.round((meta.width ?? 1) * factor)),
    height = Math.max(1, Math.round((meta.height ?? 1) * factor));
  const kept = await keptAt(mask, width, height);
  const round = (v: number) => Math.round(v * 1000) / 1000;
  return regionsOf(kept, width)
    .filter((region) => region.length >= MIN_REGION_SHARE * width * height)
    .sort((a, b) => b.length - a.length)
    .map((region) => {
      const xs = region.map((p) => p % width),
        ys = region.map((p) => Math.floor(p / width));
      const [x0, x1, y0, y1] = [Math.min(...xs), Math.max(...xs) + 1, Math.min(...ys), Math.max(...ys) + 1];
      return {
        x: round(x0 / width),
        y: round(y0 / height),
        width: round((x1 - x0) / width),
        height: round((y1 - y0) / height),
        share: round(region.length / (width * height)),
      };
    });
}

/** Where a region's centre lies, in thirds of the frame, in words a model or a reader follows: "upper left", "middle right", "centre". */
export function placeOf(region: Pick<KeptRegion, "x" | "y" | "width" | "height">): string {
  const third = (v: number) => (v < 1 / 3 ? 0 : v > 2 / 3 ? 2 : 1);
  const row = third(region.y + region.height / 2),
    column = third(region.x + region.width / 2);
  return row === 1 && column === 1 ? "centre" : `${["upper", "middle", "lower"][row]} ${["left", "centre", "right"][column]}`;
}
