/**
 * Finds the painted walls of a room photo without a segmentation model. Heuristic, on a
 * copy at most 320 px long:
 * 1. Texture: Sobel edges, and their density in a window ~1/40 of the image. Walls are
 *    large, low-density regions; floors (planks, tiles), furniture and decor are dense.
 * 2. Colour: the low-texture pixels are clustered in Lab (k-means, k = 5). The wall is the
 *    cluster with the most pixels in the band between 8 % and 75 % of the height, ignoring
 *    clusters lying mostly in the top 15 % (ceilings) or below it (floors).
 * 3. Region growing from that cluster's pixels across neighbours that differ by under
 *    ΔE 3 and are not edges, staying within ΔE 30 of the cluster colour: follows the
 *    wall's shading gradient up to its real boundaries (window frames, ceiling line,
 *    skirting, furniture outlines) instead of stopping at a fixed colour distance.
 * 4. Regions under 0.5 % of the image are dropped; the result is feathered by a blur.
 * Weak points: walls with wallpaper or heavy texture are missed; a plain floor the same
 * colour as the wall and touching it without an edge may be included.
 */
import "server-only";
import { rgbBufferToLab } from "@/server/images/color";
import { edgeDensity } from "@/server/images/edges";
import { kmeans } from "@/server/images/kmeans";
import type { RgbImage } from "@/server/images/raw-image";
import { regionsOf } from "@/server/images/regions";

export const WALL_WORK_SIDE = 320;
const EDGE_THRESHOLD = 48;
const LOW_TEXTURE = 0.08;
const BAND_TOP = 0.08;
const BAND_BOTTOM = 0.75;
const NEIGHBOUR_DELTA_E = 3;
const CLUSTER_DELTA_E = 30;
const MIN_REGION_SHARE = 0.005;

function deltaE(lab: Float32Array, p: number, q: number): number {
  return Math.hypot(lab[p * 3] - lab[q * 3], lab[p * 3 + 1] - lab[q * 3 + 1], lab[p * 3 + 2] - lab[q * 3 + 2]);
}

function pickWallCluster(labels: Uint8Array, rows: Int32Array, clusterCount: number, height: number): number {
  let best = -1;
  let bestScore = 0;
  for (let c = 0; c < clusterCount; c++) {
    let total = 0,
      inBand = 0,
      atTop = 0;
    for (let i = 0; i < labels.length; i++) {
      if (labels[i] !== c) continue;
      total++;
      const row = rows[i] / height;
      if (row >= BAND_TOP && row <= BAND_BOTTOM) inBand++;
      if (row < 0.15) atTop++;
    }
    if (total === 0 || atTop / total > 0.6 || inBand / total < 0.5) continue;
    if (inBand > bestScore) {
      bestScore = inBand;
      best = c;
    }
  }
  return best;
}

/** Returns a 0..255 wall mask at the work image's size, and the wall's mean Lab. */
export function findWalls(work: RgbImage): { mask: Uint8Array; wallLab: [number, number, number] } | null {
  const { width, height } = work;
  const lab = rgbBufferToLab(work.data);
  const { edges, density } = edgeDensity(work, EDGE_THRESHOLD, Math.max(2, Math.round(Math.max(width, height) / 40)));
  const candidates: number[] = [];
  for (let p = 0; p < density.length; p++) if (density[p] < LOW_TEXTURE) candidates.push(p);
  if (candidates.length === 0) return null;
  const points = new Float32Array(candidates.length * 3);
  const rows = new Int32Array(candidates.length);
  candidates.forEach((p, i) => {
    points.set(lab.subarray(p * 3, p * 3 + 3), i * 3);
    rows[i] = Math.floor(p / width);
  });
  const { clusters, labels } = kmeans(points, 5);
  const wall = pickWallCluster(labels, rows, clusters.length, height);
  if (wall < 0) return null;
  const center = clusters[wall].center;

  const inRegion = new Uint8Array(width * height);
  const queue = new Int32Array(width * height);
  let head = 0,
    tail = 0;
  candidates.forEach((p, i) => {
    if (labels[i] === wall) {
      inRegion[p] = 1;
      queue[tail++] = p;
    }
  });
  const nearCenter = (q: number) =>
    Math.hypot(lab[q * 3] - center[0], lab[q * 3 + 1] - center[1], lab[q * 3 + 2] - center[2]) < CLUSTER_DELTA_E;
  while (head < tail) {
    const p = queue[head++];
    const x = p % width;
    for (const q of [p - width, p + width, x > 0 ? p - 1 : -1, x < width - 1 ? p + 1 : -1]) {
      if (q < 0 || q >= inRegion.length || inRegion[q] || edges[q]) continue;
      if (deltaE(lab, p, q) > NEIGHBOUR_DELTA_E || !nearCenter(q)) continue;
      inRegion[q] = 1;
      queue[tail++] = q;
    }
  }
  const mask = new Uint8Array(inRegion.length);
  for (const region of regionsOf(inRegion, width)) {
    if (region.length >= MIN_REGION_SHARE * width * height) for (const p of region) mask[p] = 255;
  }
  const wallLab: [number, number, number] = [0, 0, 0];
  let count = 0;
  for (let p = 0; p < mask.length; p++) {
    if (!mask[p]) continue;
    count++;
    for (let c = 0; c < 3; c++) wallLab[c] += lab[p * 3 + c];
  }
  if (count === 0) return null;
  return { mask, wallLab: wallLab.map((v) => v / count) as [number, number, number] };
}
