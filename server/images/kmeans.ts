/**
 * Small deterministic k-means over 3-D points (Lab or RGB), used for dominant colours and
 * for grouping wall-candidate pixels. Seeding is k-means++ with a fixed-seed PRNG, so the
 * same image always gives the same clusters.
 */
import "server-only";
import { mulberry32 } from "@/shared/seeded-random";

export interface Cluster {
  center: [number, number, number];
  size: number;
}

export interface KMeansResult {
  clusters: Cluster[];
  /** Cluster index of each point. */
  labels: Uint8Array;
}

function squaredDistance(points: Float32Array, i: number, center: number[]): number {
  const d0 = points[i * 3] - center[0];
  const d1 = points[i * 3 + 1] - center[1];
  const d2 = points[i * 3 + 2] - center[2];
  return d0 * d0 + d1 * d1 + d2 * d2;
}

function seedCenters(points: Float32Array, count: number, k: number, random: () => number): number[][] {
  const first = Math.floor(random() * count) * 3;
  const centers = [[points[first], points[first + 1], points[first + 2]]];
  const nearest = new Float64Array(count).fill(Infinity);
  while (centers.length < k) {
    const latest = centers[centers.length - 1];
    let total = 0;
    for (let i = 0; i < count; i++) {
      nearest[i] = Math.min(nearest[i], squaredDistance(points, i, latest));
      total += nearest[i];
    }
    if (total === 0) break;
    let target = random() * total;
    let chosen = count - 1;
    for (let i = 0; i < count; i++) {
      target -= nearest[i];
      if (target <= 0) {
        chosen = i;
        break;
      }
    }
    centers.push([points[chosen * 3], points[chosen * 3 + 1], points[chosen * 3 + 2]]);
  }
  return centers;
}

export function kmeans(points: Float32Array, k: number, iterations = 12): KMeansResult {
  const count = points.length / 3;
  const labels = new Uint8Array(count);
  if (count === 0) return { clusters: [], labels };
  const centers = seedCenters(points, count, Math.min(k, count), mulberry32(0x5eed));
  const sums = new Float64Array(centers.length * 3);
  const sizes = new Uint32Array(centers.length);
  for (let iteration = 0; iteration < iterations; iteration++) {
    sums.fill(0);
    sizes.fill(0);
    let changed = false;
    for (let i = 0; i < count; i++) {
      let best = 0;
      let bestDistance = Infinity;
      for (let c = 0; c < centers.length; c++) {
        const distance = squaredDistance(points, i, centers[c]);
        if (distance < bestDistance) {
          bestDistance = distance;
          best = c;
        }
      }
      if (labels[i] !== best) changed = true;
      labels[i] = best;
      sizes[best]++;
      sums[best * 3] += points[i * 3];
      sums[best * 3 + 1] += points[i * 3 + 1];
      sums[best * 3 + 2] += points[i * 3 + 2];
    }
    for (let c = 0; c < centers.length; c++) {
      if (sizes[c] > 0) centers[c] = [sums[c * 3] / sizes[c], sums[c * 3 + 1] / sizes[c], sums[c * 3 + 2] / sizes[c]];
    }
    if (!changed && iteration > 0) break;
  }
  return {
    clusters: centers.map((center, c) => ({ center: center as [number, number, number], size: sizes[c] })),
    labels,
  };
}
