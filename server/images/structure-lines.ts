/**
 * The lines of the room a staged output must keep: where the source's strongest edges
 * (window and door frames, cornices, cabinet doors, counter edges) still have an edge in
 * the output. Added things only add edges, so furniture, lamps or art never lower these
 * measures; a window painted out, moved or walled up loses its edges.
 *
 * - The source's lines: Sobel magnitude of the standardised grey (zero mean, unit
 *   variance, so a global re-grade does not matter) above 1.2 and above the image's 90th
 *   percentile: in a real photo texture and noise make many weak edges that a regenerated
 *   image need not reproduce.
 * - Kept: an output edge running the same way (same measure at half the threshold, so a
 *   line that got softer still counts) within 2 px for the zone's share, within 3 px for
 *   the local windows below (a regenerated line drawn a pixel further off is still the
 *   same line).
 * - Local windows: squares of about a twelfth of the long side that hold a real piece of
 *   structure (lines on at least 15 % of their pixels: a frame's corner or two mullions,
 *   not one stray line). A window, or part of a glass wall, made solid loses nearly all
 *   the lines of its windows while the zone as a whole keeps most of its own; the worst
 *   window's share is judged on its own, so the loss is not averaged away.
 * - The same windows over the lines nothing the output added hides (`unhiddenShares`):
 *   a line behind a new lamp is covered, one gone where the output shows bare surface
 *   was erased, so this share may drop far less.
 */
import "server-only";
import { boxMean, sobelGradient } from "./edges";
import { mapToBytes } from "./typed-map";

export const LINE_THRESHOLDS = {
  /** Least Sobel magnitude on standardised grey that makes a source edge… */
  edge: 1.2,
  /** …raised to this quantile of the source's magnitudes, so only its strongest 10 % of pixels count. */
  edgeQuantile: 0.9,
  /** A zone with fewer source edge pixels than this share of its area is not judged on lines. */
  minEdgeShare: 0.01,
  /** A local window is judged when at least this share of its pixels are source lines. */
  minLocalDensity: 0.15,
} as const;

const ZONE_KEEP_RADIUS = 2;
const LOCAL_KEEP_RADIUS = 3;
const SAME_WAY = Math.PI / 6;

export interface LineMaps {
  width: number;
  height: number;
  /** 1 on the source's lines. */
  source: Uint8Array;
  /** 1 on the source's lines that have an output edge within 2 px. */
  kept: Uint8Array;
  /** Per pixel, the share of source lines and of kept ones (within 3 px) in the window around it. */
  localSource: Float32Array;
  localKept: Float32Array;
  /** 1 on the output's own lines (same measure) at least twice as strong as any source edge within 2 px: what the output drew anew, also over a faint pattern. */
  added: Uint8Array;
  /** 1 on the source's lines that have an output edge within 3 px (the local windows' measure). */
  keptLocal: Uint8Array;
  /** The local windows' radius. */
  radius: number;
}

/** The local windows' shares (as `localSource`, `localKept`) over the source's lines outside `hidden`. */
export interface LocalShares {
  localSource: Float32Array;
  localKept: Float32Array;
}

/**
 * From the standardised grey of the aligned source and of the output, both width × height.
 * `ignored` pixels (areas kept from the photo) hold no lines of either: every measure built
 * on these maps, the local windows' shares included, leaves them out.
 */
export function lineMaps(
  srcGrey: Float32Array,
  outGrey: Float32Array,
  width: number,
  height: number,
  ignored: Uint8Array | null = null,
): LineMaps {
  const srcGradient = sobelGradient(srcGrey, width, height);
  const outGradient = sobelGradient(outGrey, width, height);
  const edge = Math.max(LINE_THRESHOLDS.edge, quantile(srcGradient.magnitude, LINE_THRESHOLDS.edgeQuantile));
  const src = mapToBytes(srcGradient.magnitude, (m) => (m > edge ? 1 : 0));
  const srcNearest = maxFilter(srcGradient.magnitude, width, height, ZONE_KEEP_RADIUS);
  const kept = new Uint8Array(src.length);
  const keptLocal = new Uint8Array(src.length);
  const added = new Uint8Array(src.length);
  if (ignored) for (let p = 0; p < src.length; p++) if (ignored[p]) src[p] = 0;
  for (let p = 0; p < src.length; p++) {
    if (ignored?.[p]) continue;
    const out = outGradient.magnitude[p];
    added[p] = out > edge && out > 2 * srcNearest[p] ? 1 : 0;
    if (!src[p]) continue;
    const distance = nearestLike(outGradient, p, srcGradient.direction[p], edge / 2, width, height);
    kept[p] = distance <= ZONE_KEEP_RADIUS ? 1 : 0;
    keptLocal[p] = distance <= LOCAL_KEEP_RADIUS ? 1 : 0;
  }
  const radius = Math.max(4, Math.round(Math.max(width, height) / 24));
  return {
    width,
    height,
    source: src,
    kept,
    localSource: boxMean(src, width, height, radius),
    localKept: boxMean(keptLocal, width, height, radius),
    added,
    keptLocal,
    radius,
  };
}

/**
 * The local windows counted only over the zone's own source lines (`pixels`: a window
 * lost just below the ceiling band is the wall's loss, not the ceiling's) outside
 * `hidden` (what the output added in front of the room, with a rim): a line behind a new
 * lamp or plant is covered, one gone where the output shows bare surface was erased.
 */
export function unhiddenShares(maps: LineMaps, hidden: Uint8Array, pixels: number[]): LocalShares {
  const source = new Uint8Array(maps.source.length),
    kept = new Uint8Array(maps.source.length);
  for (const p of pixels) {
    if (!maps.source[p] || hidden[p]) continue;
    source[p] = 1;
    kept[p] = maps.keptLocal[p];
  }
  return {
    localSource: boxMean(source, maps.width, maps.height, maps.radius),
    localKept: boxMean(kept, maps.width, maps.height, maps.radius),
  };
}

/**
 * The distance (in the larger of x and y) to the nearest output edge within 3 px that
 * runs the same way as the source's (directions within 30°), or Infinity. The direction
 * matters: in a patterned surface some edge lies within 3 px of any point, but a window
 * frame replaced by wallpaper or a door smeared into the wall leaves none along the
 * frame's own line.
 */
export function nearestLike(
  out: { magnitude: Float32Array; direction: Float32Array },
  p: number,
  direction: number,
  threshold: number,
  width: number,
  height: number,
): number {
  const x = p % width,
    y = (p - x) / width;
  let best = Infinity;
  for (let dy = -LOCAL_KEEP_RADIUS; dy <= LOCAL_KEEP_RADIUS; dy++) {
    const qy = y + dy;
    if (qy < 0 || qy >= height) continue;
    for (let dx = -LOCAL_KEEP_RADIUS; dx <= LOCAL_KEEP_RADIUS; dx++) {
      const qx = x + dx;
      if (qx < 0 || qx >= width) continue;
      const q = qy * width + qx;
      if (out.magnitude[q] <= threshold) continue;
      const turn = Math.abs(out.direction[q] - direction);
      if (Math.min(turn, Math.PI - turn) > SAME_WAY) continue;
      best = Math.min(best, Math.max(Math.abs(dx), Math.abs(dy)));
    }
  }
  return best;
}

/**
 * The zone's share of kept lines (null when it has too few to judge), its worst local
 * window's (null when none is dense enough), and its worst local window's over the lines
 * nothing added hides (`unhidden`, null likewise).
 */
export function zoneLines(
  maps: LineMaps,
  unhidden: LocalShares,
  pixels: number[],
): { edgeRecall: number | null; localRecall: number | null; erasedRecall: number | null } {
  let lines = 0,
    kept = 0;
  for (const p of pixels) {
    lines += maps.source[p];
    kept += maps.kept[p];
  }
  return {
    edgeRecall: lines > 0 && lines >= LINE_THRESHOLDS.minEdgeShare * pixels.length ? kept / lines : null,
    localRecall: worstWindow(maps, pixels),
    erasedRecall: worstWindow(unhidden, pixels),
  };
}

function worstWindow(shares: LocalShares, pixels: number[]): number | null {
  let worst: number | null = null;
  for (const p of pixels) {
    const density = shares.localSource[p];
    if (density < LINE_THRESHOLDS.minLocalDensity) continue;
    const share = shares.localKept[p] / density;
    if (worst === null || share < worst) worst = share;
  }
  return worst;
}

/** The largest value within `radius` (a square), in two passes. */
function maxFilter(values: Float32Array, width: number, height: number, radius: number): Float32Array {
  const rows = new Float32Array(values.length);
  const out = new Float32Array(values.length);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      let m = 0;
      for (let k = Math.max(0, x - radius); k <= Math.min(width - 1, x + radius); k++) m = Math.max(m, values[y * width + k]);
      rows[y * width + x] = m;
    }
  }
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      let m = 0;
      for (let k = Math.max(0, y - radius); k <= Math.min(height - 1, y + radius); k++) m = Math.max(m, rows[k * width + x]);
      out[y * width + x] = m;
    }
  }
  return out;
}

function quantile(values: Float32Array, q: number): number {
  const sorted = Float32Array.from(values).sort();
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * q))] ?? 0;
}
