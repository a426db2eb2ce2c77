/**
 * Pasting the areas an agent keeps (D17) back into a model's outputs.
 *
 * The output is first brought into the source's frame (frame-alignment.ts: models shift,
 * rescale and crop what they are given), so the source is never resampled: inside the
 * kept areas shrunk by the seam the result is the source bit for bit. Over the seam, the
 * KEPT_AREAS.seam px inside an area's edge, the source is blended into the output by its
 * distance from the edge, so the restored window does not sit on the staged room like a
 * sticker. An output that cannot be aligned is left as the model made it: pasting the
 * photo over a room drawn from another camera would put its windows in the wrong place.
 *
 * What depends only on the photo and its mask (its decodes, its corners, the seams) is
 * found once and serves every output of a job.
 */
import "server-only";
import { cornersOf, FEATURE_SIDE, framingAtFullSize, type Corners, type Reframing } from "./frame-alignment";
import { intersect, runsAtLeast, subtract, unite, widen, type Runs } from "./intervals";
import { KEPT_AREAS, maskGrey } from "./kept-areas";
import { decodeRgb, uprightSize, type RgbImage } from "./raw-image";

/** A rectangle of a frame's pixels (x1, y1 exclusive). */
type Box = { x0: number; y0: number; x1: number; y1: number };

/**
 * The source's weight in the pixels of a width × height frame, as runs: `whole` holds
 * [y, x0, x1) triples of pixels at least `seam` px inside a kept area, pasted unchanged;
 * `blended` the pixel indices (y × width + x) over the seam, with `weights` 1..254 for
 * each; every other pixel is the output's.
 */
export interface Seams {
  width: number;
  height: number;
  whole: Int32Array;
  blended: Int32Array;
  weights: Uint8Array;
}

/**
 * The seams of a keep mask at width × height: the source's weight is 255 at least `seam`
 * px inside a kept area, falling linearly to 0 at its edge, 0 outside; where an area is,
 * exactly as `keptAt` scales the mask. The distance to the nearest pixel not kept is a
 * chamfer distance (3 a step straight, 4 diagonally), which reads between 0.94 and 1.05
 * times the true distance; the full weight is reached at 0.94 × `seam`, so every pixel
 * `seam` px or more inside is the source's in any direction. The frame's edge is not an
 * area's edge: an area that runs off the photo is kept to the border.
 *
 * A 12 MP frame is mostly far from any area's edge, so the work follows the mask: mask
 * pixels whose neighbourhood (wide enough to hold the seam at full size) is all kept or
 * all not kept become whole runs (or nothing) at once; only the band along the edges is
 * scaled pixel by pixel and measured. Found once per photo and mask, they serve every output.
 */
export async function seamsOf(mask: Buffer, width: number, height: number, seam: number = KEPT_AREAS.seam): Promise<Seams> {
  const { grey, width: mw, height: mh } = await maskGrey(mask);
  const [sx, sy] = [mw / width, mh / height];
  // Mask pixels within `reach` of one not kept: their full-size pixels may be within the seam of an edge.
  const reach = Math.ceil((seam + 2) * Math.max(sx, sy)) + 1;
  const runs = maskRuns(grey, mw, mh, reach);
  const whole: number[] = [],
    blended: number[] = [],
    weights: number[] = [];
  const seams = (): Seams => ({
    width,
    height,
    whole: Int32Array.from(whole),
    blended: Int32Array.from(blended),
    weights: Uint8Array.from(weights),
  });
  if (!runs) return seams();
  // Full-size columns → the mask columns they are interpolated from.
  const xa = new Int32Array(width),
    xb = new Int32Array(width),
    wx = new Float32Array(width);
  // The first full-size column nearest to each mask column (and past the last one).
  const firstX = new Int32Array(mw + 1).fill(width);
  for (let x = width - 1; x >= 0; x--) {
    firstX[Math.min(mw - 1, Math.floor((x + 0.5) * sx))] = x;
    const fx = Math.min(mw - 1, Math.max(0, (x + 0.5) * sx - 0.5));
    xa[x] = Math.floor(fx);
    xb[x] = Math.min(mw - 1, xa[x] + 1);
    wx[x] = fx - xa[x];
  }
  for (let m = mw - 1; m >= 0; m--) if (firstX[m] === width) firstX[m] = firstX[m + 1];
  const cap = Math.floor(seam * 3 * 0.94);
  const threshold = KEPT_AREAS.threshold;
  // Runs of each full-size row, in row order: whole ones (kind 1) and band ones (kind 2, measured below) as [x0, x1) pairs, with where each row's begin.
  const interior: number[] = [],
    band: number[] = [];
  const interiorStart = new Int32Array(height + 1),
    bandStart = new Int32Array(height + 1);
  // A run of mask columns → the full-size columns nearest to them.
  const atFullSize = (runs: Runs, into: number[]) => {
    for (let r = 0; r < runs.length; r += 2) if (firstX[runs[r]] < firstX[runs[r + 1]]) into.push(firstX[runs[r]], firstX[runs[r + 1]]);
  };
  for (let y = 0; y < height; y++) {
    interiorStart[y] = interior.length;
    bandStart[y] = band.length;
    const my = Math.min(mh - 1, Math.floor((y + 0.5) * sy));
    atFullSize(runs.whole[my], interior);
    atFullSize(runs.band[my], band);
  }
  interiorStart[height] = interior.length;
  bandStart[height] = band.length;
  // The band's pixels one after the other (run by run, row by row): 1 where the mask, scaled, keeps it, then its chamfer distance.
  const offsets = new Int32Array(band.length / 2 + 1);
  for (let k = 0; k < band.length / 2; k++) offsets[k + 1] = offsets[k] + band[k * 2 + 1] - band[k * 2];
  const distance = new Uint8Array(offsets[band.length / 2]);
  for (let y = 0; y < height; y++) {
    if (bandStart[y] === bandStart[y + 1]) continue;
    const fy = Math.min(mh - 1, Math.max(0, (y + 0.5) * sy - 0.5));
    const ya = Math.floor(fy) * mw,
      yb = Math.min(mh - 1, Math.floor(fy) + 1) * mw,
      wy = fy - Math.floor(fy);
    for (let r = bandStart[y]; r < bandStart[y + 1]; r += 2) {
      for (let x = band[r], at = offsets[r / 2]; x < band[r + 1]; x++, at++) {
        const a = grey[ya + xa[x]],
          b = grey[ya + xb[x]],
          c = grey[yb + xa[x]],
          e = grey[yb + xb[x]];
        const top = a + (b - a) * wx[x],
          bottom = c + (e - c) * wx[x];
        if (top + (bottom - top) * wy >= threshold) distance[at] = 1;
      }
    }
  }
  for (let y = 0; y < height; y++)
    for (let r = interiorStart[y]; r < interiorStart[y + 1]; r += 2) {
      whole.push(y, interior[r], interior[r + 1]);
    }
  // The two chamfer passes, over the band only, a row at a time against its neighbour row laid out whole (one pixel wider each side: beyond the photo's edge an area goes on).
  const laid = [new Uint8Array(width + 2), new Uint8Array(width + 2)];
  const layOut = (row: Uint8Array, y: number) => {
    if (y < 0 || y >= height) return row.fill(cap);
    row.fill(0);
    row[0] = row[width + 1] = cap;
    for (let r = interiorStart[y]; r < interiorStart[y + 1]; r += 2) row.fill(cap, interior[r] + 1, interior[r + 1] + 1);
    for (let r = bandStart[y]; r < bandStart[y + 1]; r += 2) row.set(distance.subarray(offsets[r / 2], offsets[r / 2 + 1]), band[r] + 1);
    return row;
  };
  // The row just measured is the next one's neighbour: laid out again only after a row without a band.
  let [up, row] = laid,
    upRow = -2;
  for (let y = 0; y < height; y++) {
    if (bandStart[y] === bandStart[y + 1]) continue;
    if (upRow !== y - 1) layOut(up, y - 1);
    layOut(row, y);
    for (let r = bandStart[y]; r < bandStart[y + 1]; r += 2) {
      for (let x = band[r], at = offsets[r / 2]; x < band[r + 1]; x++, at++) {
        const i = x + 1;
        if (!row[i]) continue;
        let v = row[i - 1] + 3;
        if (up[i] + 3 < v) v = up[i] + 3;
        if (up[i - 1] + 4 < v) v = up[i - 1] + 4;
        if (up[i + 1] + 4 < v) v = up[i + 1] + 4;
        row[i] = distance[at] = v < cap ? v : cap;
      }
    }
    [up, row, upRow] = [row, up, y];
  }
  let [down, downRow] = [up, -2];
  for (let y = height - 1; y >= 0; y--) {
    if (bandStart[y] === bandStart[y + 1]) continue;
    if (downRow !== y + 1) layOut(down, y + 1);
    layOut(row, y);
    for (let r = bandStart[y + 1] - 2; r >= bandStart[y]; r -= 2) {
      const x0 = band[r];
      // A stretch of full weight, from the right: [x + 1, wholeEnd) once it ends.
      let wholeEnd = -1;
      for (let x = band[r + 1] - 1, at = offsets[r / 2 + 1] - 1; x >= x0 - 1; x--, at--) {
        let v = 0;
        if (x >= x0) {
          const i = x + 1;
          v = row[i];
          if (v) {
            if (row[i + 1] + 3 < v) v = row[i + 1] + 3;
            if (down[i] + 3 < v) v = down[i] + 3;
            if (down[i + 1] + 4 < v) v = down[i + 1] + 4;
            if (down[i - 1] + 4 < v) v = down[i - 1] + 4;
            row[i] = distance[at] = v;
          }
        }
        if (v >= cap) {
          if (wholeEnd < 0) wholeEnd = x + 1;
          continue;
        }
        if (wholeEnd >= 0) {
          whole.push(y, x + 1, wholeEnd);
          wholeEnd = -1;
        }
        if (!v) continue;
        blended.push(y * width + x);
        weights.push(Math.round((255 * v) / cap));
      }
    }
    [down, row, downRow] = [row, down, y];
  }
  return seams();
}

/**
 * Each mask row's runs of mask columns, by what their full-size pixels are: `whole`, kept
 * and more than `reach` from any pixel not kept (the frame's edge is not such a pixel);
 * `band`, the rest of the kept pixels and those not kept beside one (a full-size pixel
 * interpolated from around them may be kept), measured at full size. Everything else is
 * not kept. Null when nothing is.
 */
function maskRuns(grey: Buffer, width: number, height: number, reach: number): { whole: Runs[]; band: Runs[] } | null {
  const kept: Runs[] = [];
  let any = false;
  for (let y = 0; y < height; y++) {
    kept.push(runsAtLeast(grey, y * width, width, KEPT_AREAS.threshold));
    any ||= kept[y].length > 0;
  }
  if (!any) return null;
  const shrunk = kept.map((runs) => widen(runs, -reach, width)),
    grown = kept.map((runs) => widen(runs, 1, width));
  const whole: Runs[] = [],
    band: Runs[] = [];
  for (let y = 0; y < height; y++) {
    let inner = shrunk[y];
    for (let v = Math.max(0, y - reach); v <= Math.min(height - 1, y + reach) && inner.length; v++)
      if (v !== y) inner = intersect(inner, shrunk[v]);
    let beside = grown[y];
    if (y > 0) beside = unite(beside, grown[y - 1]);
    if (y + 1 < height) beside = unite(beside, grown[y + 1]);
    whole.push(inner);
    band.push(subtract(beside, inner));
  }
  return { whole, band };
}

/**
 * The source's pixels pasted into `output` by the seams' weights, in place. The output
 * shows `rect` of the source's frame (all of it unless the model re-framed the photo):
 * runs and pixels outside it are left out, the rest moved with it.
 */
function pasteKept(source: RgbImage, output: RgbImage, seams: Seams, rect: Box): void {
  const { whole, blended, weights } = seams;
  const sourceRow = source.width * 3,
    outputRow = output.width * 3;
  for (let r = 0; r < whole.length; r += 3) {
    const y = whole[r];
    if (y < rect.y0 || y >= rect.y1) continue;
    const x0 = Math.max(whole[r + 1], rect.x0),
      x1 = Math.min(whole[r + 2], rect.x1);
    if (x0 >= x1) continue;
    const from = y * sourceRow + x0 * 3;
    source.data.copy(output.data, (y - rect.y0) * outputRow + (x0 - rect.x0) * 3, from, from + (x1 - x0) * 3);
  }
  for (let b = 0; b < blended.length; b++) {
    const p = blended[b];
    const y = Math.floor(p / seams.width),
      x = p - y * seams.width;
    if (y < rect.y0 || y >= rect.y1 || x < rect.x0 || x >= rect.x1) continue;
    const a = weights[b];
    const s = p * 3,
      o = (y - rect.y0) * outputRow + (x - rect.x0) * 3;
    for (let c = 0; c < 3; c++) output.data[o + c] = Math.round((source.data[s + c] * a + output.data[o + c] * (255 - a)) / 255);
  }
}

/** A photo ready to have its kept areas pasted into any number of outputs: found once per photo and mask. */
export interface KeptSource {
  photo: RgbImage;
  /** Its corners at the feature size, matched against each output's to line the two up. */
  corners: Corners;
  seams: Seams;
}

/**
 * The photo decoded, its corners and its mask's seams. The seams are measured (on the main
 * thread) while libvips decodes the photo at both sizes: they need only its upright size,
 * read from the file's header.
 */
export async function keptSourceOf(photoBytes: Buffer, mask: Buffer): Promise<KeptSource> {
  const { width, height } = await uprightSize(photoBytes);
  const [photo, corners, seams] = await Promise.all([
    decodeRgb(photoBytes),
    decodeRgb(photoBytes, FEATURE_SIDE).then(cornersOf),
    seamsOf(mask, width, height),
  ]);
  return { photo, corners, seams };
}

export type KeptRestoration =
  | {
      restored: true;
      /** The output in the source's frame with the kept areas pasted in, before any encoder runs. */
      image: RgbImage;
      /** The part of the source's frame it shows (the whole photo unless the model re-framed it). */
      rect: Box;
      reframing: Reframing | null;
    }
  | { restored: false; reason: string };

/**
 * The source's kept areas pasted into the output, once the output is in the source's
 * frame; or why it could not be aligned. An output already in the photo's frame and size
 * is pasted into in place (its pixels are the restored image). `corners`: the output's,
 * when the caller found them (`cornersOf` the output decoded at most FEATURE_SIDE px).
 */
export async function restoreKeptAreas(source: KeptSource, output: RgbImage, corners?: Corners): Promise<KeptRestoration> {
  const framing = await framingAtFullSize(source.photo, source.corners, output, corners);
  if (!framing.aligned) return { restored: false, reason: framing.reason };
  pasteKept(source.photo, framing.output, source.seams, framing.rect);
  return { restored: true, image: framing.output, rect: framing.rect, reframing: framing.reframing };
}
