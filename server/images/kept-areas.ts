/**
 * Areas an agent keeps (D17): where a keep mask is white, every output shows the source
 * photo's own pixels, so a window, a fireplace or a built-in cannot change whatever the
 * model drew there (restore-kept.ts pastes them in). Here: what a mask keeps, read at its
 * own size or scaled to a photo's, and where its areas lie, in words.
 */
import "server-only";
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
export async function maskGrey(mask: Buffer): Promise<{ grey: Buffer; width: number; height: number }> {
  const { data, info } = await sharp(mask)
    .flatten({ background: "#000000" })
    .toColourspace("b-w")
    .extractChannel(0)
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { grey: data, width: info.width, height: info.height };
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
