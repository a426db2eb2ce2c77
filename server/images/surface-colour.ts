/**
 * Whether a surface was repainted or only lit differently. A staged output may re-grade
 * the whole photo and light the room with lamps; it may not paint a wall, ceiling or
 * cabinet another colour.
 *
 * 1. The whole-image grade: per Lab channel, `out = gain · src + offset` (plus, for a* and
 *    b*, `tone · L*` of the source: split toning tints shadows and highlights differently),
 *    fitted by least squares over the pixels that kept their colour (or the whole image
 *    when under a fifth did, i.e. it was graded), then refitted twice on the pixels the
 *    last fit explains within ΔE 10, so a change in part of the image does not bend the
 *    grade fitted to the rest. Per channel and not a full colour matrix on purpose: a
 *    matrix can map a few wall, ceiling and floor colours anywhere, so it would explain a
 *    repainted wall as a "grade"; brightness, contrast, white balance, saturation and a
 *    tint by tone are per channel, the same for every surface of a given lightness.
 * 2. What is left per pixel is split into lightness and chroma. Lightness alone does not
 *    tell paint from light: a lamp, a window or a brighter exposure lifts a wall's L*
 *    by as much as a lighter paint. Light does have a colour, though: lamplight is warm,
 *    and moves a wall's chroma along the warm axis of Lab (towards orange, about 78°
 *    from +a*), never towards green, blue or magenta. So the chroma shift is measured
 *    beyond a segment along that axis, up to 20 towards warm where the light brightened
 *    the surface and 6 towards cool (light cooler than the room's own grade, e.g.
 *    daylight through a window, shifts less); paint of another colour lies off it.
 *    Lightness counts beyond the smooth field of light (`surfaceChange`).
 * 3. Pixels whose colour moved beyond light (`changedBeyondLight`) are either something
 *    the output added or a surface refinished; `repaintedAreas` tells them apart by the
 *    lines around and inside them. Per zone (`zoneSurface`): the share changed, the share
 *    repainted, and the median level of the light field, which no lamp lifts or lowers
 *    by 25 L* over a whole wall.
 */
import "server-only";
import { boxMean, morph } from "./edges";
import { regionsOf } from "./regions";
import type { LineMaps } from "./structure-lines";
import { countNonZero, mapToBytes } from "./typed-map";

/** Unit vector of lamplight's shift in (a*, b*): a 2700 K light seen with a daylight white balance. */
const WARM = (() => {
  const [a, b] = [0.2, 0.98];
  const norm = Math.hypot(a, b);
  return { a: a / norm, b: b / norm };
})();
interface Grade {
  gain: number;
  /** a* or b* added per unit of the source's L* (split toning); 0 for L*. */
  tone: number;
  offset: number;
}

const WARM_TOLERANCE = 20;
const COOL_TOLERANCE = 6;
/** A pixel's colour moved beyond light: above this (ΔE units, chroma and local lightness). */
const PIXEL_CHANGE = 10;
/** Repainted areas smaller than this share of the image are left alone (a socket, a shadow). */
const MIN_AREA = 0.002;
const MAX_OUTLINED = 0.35;
const MATCH_RADIUS = 2;
/** An area with source lines on this share of its pixels has a pattern whose loss shows. */
const MIN_LINES = 0.05;

/**
 * Per pixel, output minus the source mapped by the whole-image grade, as interleaved ΔL,
 * Δa, Δb. `ignored` pixels (areas kept from the photo, structure-check.ts) neither shape
 * the fit nor have a residual: they are the source's own pixels whatever grade the model
 * gave the rest, and would pull the fit towards none.
 */
export function gradeResidual(src: Float32Array, out: Float32Array, ignored: Uint8Array | null = null): Float32Array {
  const count = src.length / 3;
  const counted = (p: number) => !ignored?.[p];
  const considered = ignored ? count - countNonZero(ignored) : count;
  // Start from the pixels that did not change at all when there are enough of them, so a
  // wall repainted over half the frame is not taken for the grade and the rest for the change.
  const unchanged = new Uint8Array(count);
  for (let p = 0, i = 0; p < count; p++, i += 3)
    unchanged[p] = counted(p) && (src[i] - out[i]) ** 2 + (src[i + 1] - out[i + 1]) ** 2 + (src[i + 2] - out[i + 2]) ** 2 < 100 ? 1 : 0;
  let use = countNonZero(unchanged) >= considered * 0.2 ? unchanged : Uint8Array.from({ length: count }, (_, p) => (counted(p) ? 1 : 0));
  const residual = new Float32Array(src.length);
  const next = new Uint8Array(count);
  for (let round = 0; round < 3; round++) {
    const fits = [fitChannel(src, out, 0, use), fitChannel(src, out, 1, use), fitChannel(src, out, 2, use)];
    let explained = 0;
    for (let p = 0, i = 0; p < count; p++, i += 3) {
      if (!counted(p)) continue;
      let sum = 0;
      for (let c = 0; c < 3; c++) {
        const predicted = fits[c].gain * src[i + c] + fits[c].tone * src[i] + fits[c].offset;
        // A grade cannot push a pixel past white or black: the prediction is clipped as the output was.
        const r = out[i + c] - (c === 0 ? Math.min(100, Math.max(0, predicted)) : predicted);
        residual[i + c] = r;
        sum += r * r;
      }
      next[p] = sum < 100 ? 1 : 0;
      explained += next[p];
    }
    // Too few pixels explained: keep the last fit rather than fit noise.
    if (explained < considered * 0.2) break;
    use = Uint8Array.from(next);
  }
  return residual;
}

/**
 * How far warm light may have tinted a surface whose light changed by `light` (L*). Warm
 * light brightens what it tints: the allowance shrinks where the surface got darker (to
 * 30 % at −10 L* and below), so a ceiling clad in dark wood or a wall painted terracotta
 * is not taken for lamplight.
 */
function warmAllowance(light: number): number {
  return WARM_TOLERANCE * Math.max(0.3, Math.min(1, 1 + light / 10));
}

/** The squared chroma shift (Δa*, Δb*) beyond what lamplight explains, given the warm allowance there. */
function chromaBeyondLight(da: number, db: number, warm: number): number {
  const along = da * WARM.a + db * WARM.b;
  const across = da * WARM.b - db * WARM.a;
  const excess = along > warm ? along - warm : along < -COOL_TOLERANCE ? -COOL_TOLERANCE - along : 0;
  return across * across + excess * excess;
}

/**
 * Per pixel, how far the output's colour moved beyond what light explains: the chroma
 * shift beyond lamplight and the lightness shift beyond the smooth field of light across
 * the image (the residual's L* averaged over a square a third of the long side across).
 * Light falls off smoothly, over a good part of a wall; paint, wallpaper, panelling or
 * another object change lightness with the surface's own edges and pattern, so a ceiling
 * painted darker stands out from the field the walls around it keep near zero. Each
 * output pixel is compared with the best-matching graded source pixel within 2 px, so a
 * regenerated image drawn a pixel or two off (or a frame scaled by a percent) does not
 * make every textured edge a change.
 */
export function surfaceChange(
  outLab: Float32Array,
  residual: Float32Array,
  width: number,
  height: number,
): { change: Float32Array; light: Float32Array } {
  const count = width * height;
  const lightness = new Float32Array(count);
  for (let p = 0; p < count; p++) lightness[p] = residual[p * 3];
  const light = boxMean(lightness, width, height, Math.max(2, Math.round(Math.max(width, height) / 6)));
  // The source as graded onto the output: output minus residual.
  const graded = new Float32Array(outLab.length);
  for (let i = 0; i < graded.length; i++) graded[i] = outLab[i] - residual[i];
  const change = new Float32Array(count);
  for (let y = 0; y < height; y++) {
    const y0 = Math.max(0, y - MATCH_RADIUS),
      y1 = Math.min(height - 1, y + MATCH_RADIUS);
    for (let x = 0; x < width; x++) {
      const p = y * width + x;
      const [l, a, b] = [outLab[p * 3] - light[p], outLab[p * 3 + 1], outLab[p * 3 + 2]];
      const warm = warmAllowance(light[p]);
      let best = Infinity;
      for (let qy = y0; qy <= y1 && best > 0; qy++) {
        for (let qx = Math.max(0, x - MATCH_RADIUS); qx <= Math.min(width - 1, x + MATCH_RADIUS); qx++) {
          const q = (qy * width + qx) * 3;
          const dl = l - graded[q];
          if (dl * dl >= best) continue;
          const c = dl * dl + chromaBeyondLight(a - graded[q + 1], b - graded[q + 2], warm);
          if (c < best) best = c;
        }
      }
      change[p] = Math.sqrt(best);
    }
  }
  return { change, light };
}

/**
 * The areas of the output whose colour changed beyond light (`surfaceChange` above 10,
 * smoothed over 3×3, cleaned like the change map) and that the output did not outline
 * with lines of its own. An added object brings its silhouette: the border of its area
 * runs along lines the output drew anew (`added`, structure-lines.ts). A repainted wall,
 * ceiling or cabinet keeps the room's lines, so the border of its area runs along lines
 * the source already had, and keeps the lines of its own pattern (wallpaper, panels) where
 * it had any; an object in front of a patterned wall hides them. The changed areas are
 * first cut along the new lines, so a sofa against a repainted wall does not hide the
 * wall's repaint; then an area counts as repainted when under 35 % of its border lies on
 * new lines and, if the source had lines over 5 % of it, it kept at least half of them.
 */
export function repaintedAreas(
  changed: Uint8Array,
  lines: Pick<LineMaps, "added" | "source" | "kept">,
  width: number,
  height: number,
): Uint8Array {
  const outlines = morph(lines.added, width, height, -1);
  const mask = Uint8Array.from(changed);
  for (let p = 0; p < mask.length; p++) if (outlines[p]) mask[p] = 0;
  const repainted = new Uint8Array(mask.length);
  const minArea = Math.round(width * height * MIN_AREA);
  for (const region of regionsOf(mask, width)) {
    if (region.length < minArea) continue;
    let border = 0,
      outlined = 0,
      sourceLines = 0,
      keptLines = 0;
    for (const p of region) {
      sourceLines += lines.source[p];
      keptLines += lines.kept[p];
      const x = p % width;
      const neighbours = [p - width, p + width, x > 0 ? p - 1 : -1, x < width - 1 ? p + 1 : -1];
      if (neighbours.every((q) => q >= 0 && q < mask.length && mask[q])) continue;
      border++;
      if (neighbours.some((q) => q >= 0 && q < mask.length && outlines[q])) outlined++;
    }
    // A surface with lines of its own (a pattern, tiles, panels) that lost most of them is covered, not painted.
    const covered = sourceLines >= MIN_LINES * region.length && keptLines < 0.5 * sourceLines;
    if (outlined < MAX_OUTLINED * border && !covered) for (const p of region) repainted[p] = 1;
  }
  return repainted;
}

/** The pixels whose colour moved beyond light: `change` above 10 (ΔE units), smoothed over 3×3, specks removed. */
export function changedBeyondLight(change: Float32Array, width: number, height: number): Uint8Array {
  const mask = mapToBytes(boxMean(change, width, height, 1), (c) => (c > PIXEL_CHANGE ? 1 : 0));
  return morph(morph(mask, width, height, 1), width, height, -1);
}

/** Over a zone's pixels: the shares changed beyond light and repainted, and the median lightness of the light field. */
export function zoneSurface(
  maps: { changed: Uint8Array; repainted: Uint8Array; light: Float32Array },
  pixels: number[],
): { changed: number; repainted: number; lightness: number } {
  const levels = new Float32Array(pixels.length);
  let changed = 0,
    repainted = 0;
  pixels.forEach((p, k) => {
    changed += maps.changed[p];
    repainted += maps.repainted[p];
    levels[k] = maps.light[p];
  });
  const n = Math.max(1, pixels.length);
  return { changed: changed / n, repainted: repainted / n, lightness: median(levels) };
}

function median(values: Float32Array): number {
  if (!values.length) return 0;
  const sorted = values.sort();
  return sorted[Math.floor(sorted.length / 2)];
}

/**
 * Least squares of one channel of the output on the same channel of the source (and, for
 * a* and b*, on the source's L* too: split toning tints shadows and highlights apart, a
 * tint that follows lightness across the whole photo, not one surface).
 */
function fitChannel(src: Float32Array, out: Float32Array, channel: number, use: Uint8Array): Grade {
  // Sums of the products of the regressors [x, L, 1] with each other and with y.
  const m = new Float64Array(9),
    v = new Float64Array(3);
  let n = 0;
  for (let p = 0, i = 0; p < use.length; p++, i += 3) {
    if (!use[p]) continue;
    n++;
    const r = [src[i + channel], channel ? src[i] : 0, 1];
    for (let a = 0; a < 3; a++) {
      v[a] += r[a] * out[i + channel];
      for (let b = 0; b < 3; b++) m[a * 3 + b] += r[a] * r[b];
    }
  }
  if (n < 16) return { gain: 1, tone: 0, offset: 0 };
  const variance = m[0] - (m[2] * m[2]) / n;
  // A flat channel (a grey image's a and b) has no gain to fit: only the offset (and tone) moves.
  const flat = variance <= 1e-3 * n;
  const solved = solve3(m, v, { fixGain: flat, fixTone: channel === 0 });
  return solved ?? { gain: 1, tone: 0, offset: (v[2] - m[2]) / n };
}

/** The normal equations m·[gain, tone, offset] = v, with gain held at 1 or tone at 0 when asked; null when singular. */
function solve3(m: Float64Array, v: Float64Array, fixed: { fixGain: boolean; fixTone: boolean }): Grade | null {
  const free = [!fixed.fixGain, !fixed.fixTone, true];
  const index = [0, 1, 2].filter((k) => free[k]);
  const known = [fixed.fixGain ? 1 : 0, 0, 0];
  // Reduced system over the free coefficients, the held ones moved to the right-hand side.
  const a = index.map((r) => index.map((c) => m[r * 3 + c]));
  const b = index.map((r) => v[r] - [0, 1, 2].reduce((sum, c) => sum + (free[c] ? 0 : m[r * 3 + c] * known[c]), 0));
  const size = index.length;
  for (let col = 0; col < size; col++) {
    let pivot = col;
    for (let row = col + 1; row < size; row++) if (Math.abs(a[row][col]) > Math.abs(a[pivot][col])) pivot = row;
    if (Math.abs(a[pivot][col]) < 1e-9) return null;
    [a[col], a[pivot]] = [a[pivot], a[col]];
    [b[col], b[pivot]] = [b[pivot], b[col]];
    for (let row = 0; row < size; row++) {
      if (row === col) continue;
      const f = a[row][col] / a[col][col];
      for (let k = col; k < size; k++) a[row][k] -= f * a[col][k];
      b[row] -= f * b[col];
    }
  }
  const x = [...known];
  index.forEach((k, i) => (x[k] = b[i] / a[i][i]));
  return { gain: x[0], tone: x[1], offset: x[2] };
}
