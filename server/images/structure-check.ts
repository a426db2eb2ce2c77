/**
 * The structure check on staging-type outputs (staging, redecorate, render, declutter):
 * staging may add and remove furniture, but the room itself must stay. The output is
 * compared with its source in the zones where furniture has no business (the ceiling
 * and the upper walls: cornices, window heads and frames, door heads; room-zones.ts),
 * and refused when their architecture was moved, removed or repainted.
 *
 * Method, at a working size of at most 256 px on the long side:
 * 1. align: the source is resized to the output's frame and shifted by the whole-pixel
 *    offset (±3 px) that best matches the output (align.ts);
 * 2. structure, per zone: the edges of the source (Sobel magnitude of the standardised
 *    grey, so a global re-grade does not matter, above 1.2 and above the image's 90th
 *    percentile, so texture and noise do not count as structure) and the share of them the
 *    output still has within 2 px (its edges taken at half the threshold, so an edge
 *    that got softer still counts). Added things only add edges, so furniture or a lamp
 *    never lowers this recall; a window painted out or moved loses its edges;
 * 3. colour, per zone: the median ΔE (CIE76) between the output and the source mapped
 *    by one linear grade per Lab channel fitted over the whole image (least squares,
 *    refitted on the pixels it explains), so a grade of the whole photo is discounted
 *    and a wall painted another colour is not.
 * Thresholds (STRUCTURE_THRESHOLDS): a zone fails when it has enough source edges to
 * judge (at least 1 % of its pixels) and keeps less than 0.55 of them, or when its
 * median ΔE after the fit is above 12. One failing zone refuses the output. Figures
 * measured on the tests' pairs and the project's samples are in docs/structure-check.md.
 */
import "server-only";
import { bestShift, shifted, standardised } from "./align";
import { rgbBufferToLab } from "./color";
import { greyOf, morph, sobelMagnitude } from "./edges";
import { decodeRgb, resizeRgb } from "./raw-image";
import { PROTECTED_ZONES, zonePixels, type ProtectedZone } from "./room-zones";
import { countNonZero, mapToBytes } from "./typed-map";

export const STRUCTURE_THRESHOLDS = {
  /** Least Sobel magnitude on standardised grey that makes a source edge… */
  edge: 1.2,
  /** …raised to this quantile of the source's magnitudes, so only its strongest 10 % of pixels count. */
  edgeQuantile: 0.9,
  /** A zone with fewer source edge pixels than this share of its area is not judged on edges. */
  minEdgeShare: 0.01,
  /** Least share of a zone's source edges the output must keep. */
  minEdgeRecall: 0.55,
  /** Largest median ΔE of a zone after the whole-image colour fit. */
  maxDeltaE: 12,
} as const;

const WORK_SIDE = 256;
const MAX_SHIFT = 3;
const KEEP_RADIUS = 2;

export interface ZoneScore {
  zone: ProtectedZone["name"];
  /** Share of the zone's source edges still in the output, 0..1; null when the zone has too few edges to judge. */
  edgeRecall: number | null;
  /** Median ΔE of the zone after the whole-image colour fit. */
  deltaE: number;
  /** Why the zone failed, or null. */
  failure: "structure_lost" | "recoloured" | null;
}

export interface StructureCheck {
  verdict: "pass" | "fail";
  zones: ZoneScore[];
  /** "window or frame lines lost on the upper left wall; upper back wall repainted", empty on a pass. */
  reason: string;
}

/** The redesign types whose outputs must keep the room's architecture (color_change repaints walls on purpose). */
export const STRUCTURE_CHECKED_TYPES = ["staging", "redecorate", "render", "declutter"] as const;

/**
 * Checked: those types on interior and commercial rooms. Exterior photos are left out:
 * their top band is sky, not a ceiling, and the zones say nothing about a facade.
 */
export function needsStructureCheck(params: { type: string; environment: string }): boolean {
  return (STRUCTURE_CHECKED_TYPES as readonly string[]).includes(params.type) && params.environment !== "exterior";
}

export async function checkStructure(sourceBytes: Buffer, outputBytes: Buffer): Promise<StructureCheck> {
  const output = await decodeRgb(outputBytes, WORK_SIDE);
  const { width, height } = output;
  const resized = await resizeRgb(await decodeRgb(sourceBytes, WORK_SIDE * 2), width, height);
  const shift = bestShift(resized, output, MAX_SHIFT);
  const source = shifted(resized, shift.dx, shift.dy);

  const srcMagnitude = sobelMagnitude(standardised(greyOf(source)), width, height);
  // Only the strongest lines count as structure: in a real photo texture and noise make
  // many weak edges that a regenerated image need not reproduce.
  const edge = Math.max(STRUCTURE_THRESHOLDS.edge, quantile(srcMagnitude, STRUCTURE_THRESHOLDS.edgeQuantile));
  const srcEdges = edgesOf(srcMagnitude, edge);
  const outNear = morph(edgesOf(sobelMagnitude(standardised(greyOf(output)), width, height), edge / 2), width, height, -KEEP_RADIUS);
  const srcLab = rgbBufferToLab(source.data);
  const outLab = rgbBufferToLab(output.data);
  const residual = residualDeltaE(srcLab, outLab);

  const zones = PROTECTED_ZONES.map((zone): ZoneScore => {
    const { x0, y0, x1, y1 } = zonePixels(zone, width, height);
    let edges = 0, kept = 0;
    const deltas: number[] = [];
    // The border pixels the shift brought in, and the Sobel border, say nothing.
    const margin = Math.max(1, Math.abs(shift.dx), Math.abs(shift.dy));
    for (let y = Math.max(y0, margin); y < Math.min(y1, height - margin); y++) {
      for (let x = Math.max(x0, margin); x < Math.min(x1, width - margin); x++) {
        const p = y * width + x;
        deltas.push(residual[p]);
        if (!srcEdges[p]) continue;
        edges++;
        kept += outNear[p];
      }
    }
    const judged = edges >= STRUCTURE_THRESHOLDS.minEdgeShare * deltas.length;
    const edgeRecall = judged ? kept / edges : null;
    const deltaE = medianOf(deltas);
    const failure =
      edgeRecall !== null && edgeRecall < STRUCTURE_THRESHOLDS.minEdgeRecall ? "structure_lost" : deltaE > STRUCTURE_THRESHOLDS.maxDeltaE ? "recoloured" : null;
    return { zone: zone.name, edgeRecall, deltaE, failure };
  });
  const failed = zones.filter((z) => z.failure);
  return {
    verdict: failed.length ? "fail" : "pass",
    zones,
    reason: failed.map((z) => (z.failure === "structure_lost" ? `window, door or frame lines lost on the ${z.zone}` : `${z.zone} repainted`)).join("; "),
  };
}

function edgesOf(magnitude: Float32Array, threshold: number): Uint8Array {
  return mapToBytes(magnitude, (m) => (m > threshold ? 1 : 0));
}

function quantile(values: Float32Array, q: number): number {
  const sorted = Float32Array.from(values).sort();
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * q))] ?? 0;
}

function medianOf(values: number[]): number {
  if (!values.length) return 0;
  const sorted = Float64Array.from(values).sort();
  return sorted[Math.floor(sorted.length / 2)];
}

/**
 * Per pixel, the ΔE between the output and the source mapped by a per-channel linear grade
 * (out = gain·src + offset for each of L, a, b) fitted by least squares over the pixels
 * that kept their colour (or the whole image when under a fifth did, i.e. it was
 * graded), then refitted twice on the pixels the last fit explains within ΔE 10, so a change
 * in part of the image does not bend the grade fitted to the rest. Per channel and not a
 * full colour matrix on purpose: a matrix can map a few wall, ceiling and floor colours
 * anywhere, so it would explain a repainted wall as a "grade"; brightness, contrast,
 * white balance and saturation are per-channel.
 */
function residualDeltaE(src: Float32Array, out: Float32Array): Float32Array {
  const count = src.length / 3;
  // Start from the pixels that did not change at all when there are enough of them, so a
  // wall repainted over half the frame is not taken for the grade and the rest for the change.
  const unchanged = new Uint8Array(count);
  for (let p = 0, i = 0; p < count; p++, i += 3) unchanged[p] = Math.hypot(src[i] - out[i], src[i + 1] - out[i + 1], src[i + 2] - out[i + 2]) < 10 ? 1 : 0;
  let use = countNonZero(unchanged) >= count * 0.2 ? unchanged : new Uint8Array(count).fill(1);
  let residual = new Float32Array(count);
  for (let round = 0; round < 3; round++) {
    const fits = [0, 1, 2].map((c) => linearFit(src, out, c, use));
    residual = new Float32Array(count);
    for (let p = 0, i = 0; p < count; p++, i += 3) {
      let sum = 0;
      for (let c = 0; c < 3; c++) sum += (fits[c].gain * src[i + c] + fits[c].offset - out[i + c]) ** 2;
      residual[p] = Math.sqrt(sum);
    }
    const next = mapToBytes(residual, (r) => (r < 10 ? 1 : 0));
    // Too few pixels explained: keep the last fit rather than fit noise.
    if (countNonZero(next) < count * 0.2) break;
    use = next;
  }
  return residual;
}

function linearFit(src: Float32Array, out: Float32Array, channel: number, use: Uint8Array): { gain: number; offset: number } {
  let n = 0, sx = 0, sy = 0, sxx = 0, sxy = 0;
  for (let p = 0, i = channel; p < use.length; p++, i += 3) {
    if (!use[p]) continue;
    n++; sx += src[i]; sy += out[i]; sxx += src[i] * src[i]; sxy += src[i] * out[i];
  }
  if (n < 16) return { gain: 1, offset: 0 };
  const variance = sxx - (sx * sx) / n;
  // A flat channel (a grey image's a and b) has no gain to fit: only the offset moves.
  const gain = variance > 1e-3 * n ? (sxy - (sx * sy) / n) / variance : 1;
  return { gain, offset: (sy - gain * sx) / n };
}
