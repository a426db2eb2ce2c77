/**
 * Finds furniture and clutter standing on the floor, without a detection model, on a copy
 * at most 320 px long (the caller's `maskPrompt` cannot steer a classical detector; it
 * is only recorded). Heuristic:
 * 1. Floor model: the median Lab colour of the bottom 12 % of rows, with a tolerance of
 *    three times the median ΔE there (at least 14), so plank or tile variation counts as
 *    floor.
 * 2. Floor extent: rows are scanned upwards while at least 30 % of a row is floor-like;
 *    the first run of 3 rows below that share ends the floor.
 * 3. Objects: on the floor, pixels unlike the floor, after a 3×3 opening that removes
 *    thin lines (plank joints, grout). Their upward parts (a sofa back against the wall)
 *    come from pixels above the floor unlike the wall just above it, kept only where
 *    they connect to an object on the floor, so windows and pictures stay.
 * 4. Regions under 0.1 % of the image or spanning 90 % of its width (rugs, skirting) are
 *    dropped; the rest is grown by 1.5 % of the long side to cover contact shadows.
 * Weak points: objects the colour of the floor, rugs, and floors hidden at the bottom.
 */
import "server-only";
import { rgbBufferToLab } from "@/server/images/color";
import { morph } from "@/server/images/edges";
import type { RgbImage } from "@/server/images/raw-image";
import { regionsOf } from "@/server/images/regions";
import { mapToBytes } from "@/server/images/typed-map";

export const CLUTTER_WORK_SIDE = 320;
const MIN_TOLERANCE = 14;
const FLOOR_ROW_SHARE = 0.3;

type Lab = [number, number, number];

function medianLab(lab: Float32Array, width: number, rowFrom: number, rowTo: number): Lab {
  const channels: number[][] = [[], [], []];
  for (let p = rowFrom * width; p < rowTo * width; p++) for (let c = 0; c < 3; c++) channels[c].push(lab[p * 3 + c]);
  return channels.map((values) => values.sort((a, b) => a - b)[values.length >> 1] ?? 0) as Lab;
}

function distancesTo(lab: Float32Array, model: Lab): Float32Array {
  const out = new Float32Array(lab.length / 3);
  for (let p = 0; p < out.length; p++) out[p] = Math.hypot(lab[p * 3] - model[0], lab[p * 3 + 1] - model[1], lab[p * 3 + 2] - model[2]);
  return out;
}

function toleranceOver(distances: Float32Array, from: number, to: number): number {
  const sample = Array.from(distances.subarray(from, to)).sort((a, b) => a - b);
  return Math.max(MIN_TOLERANCE, 3 * (sample[sample.length >> 1] ?? 0));
}

function floorTopRow(floorLike: Uint8Array, width: number, height: number): number {
  let lowRun = 0;
  for (let y = height - 1; y >= Math.floor(height * 0.3); y--) {
    let count = 0;
    for (let x = 0; x < width; x++) count += floorLike[y * width + x];
    lowRun = count / width < FLOOR_ROW_SHARE ? lowRun + 1 : 0;
    if (lowRun === 3) return y + 3;
  }
  return Math.floor(height * 0.3);
}

/** Returns a 0/255 mask of objects at the work image's size (all zero when none found). */
export function findClutter(work: RgbImage): Uint8Array {
  const { width, height } = work;
  const lab = rgbBufferToLab(work.data);
  const bandStart = Math.floor(height * 0.88);
  const floorDistance = distancesTo(lab, medianLab(lab, width, bandStart, height));
  const floorTolerance = toleranceOver(floorDistance, bandStart * width, height * width);
  const floorLike = mapToBytes(floorDistance, (d) => (d <= floorTolerance ? 1 : 0));
  const floorTop = floorTopRow(floorLike, width, height);

  const wallFrom = Math.max(0, floorTop - Math.round(height * 0.2));
  const wallDistance = distancesTo(lab, medianLab(lab, width, wallFrom, Math.max(wallFrom + 1, floorTop - 2)));
  const wallTolerance = toleranceOver(wallDistance, wallFrom * width, floorTop * width);
  const onFloor = new Uint8Array(width * height);
  const unlike = new Uint8Array(width * height);
  for (let p = 0; p < unlike.length; p++) {
    const y = Math.floor(p / width);
    if (y >= floorTop) unlike[p] = onFloor[p] = 1 - floorLike[p];
    else if (y >= height * 0.15) unlike[p] = wallDistance[p] > wallTolerance ? 1 : 0;
  }
  const opened = morph(morph(unlike, width, height, 1), width, height, -1);

  const kept = new Uint8Array(width * height);
  for (const region of regionsOf(opened, width)) {
    if (region.length < 0.001 * width * height || !region.some((p) => onFloor[p])) continue;
    let minX = width,
      maxX = 0;
    for (const p of region) {
      minX = Math.min(minX, p % width);
      maxX = Math.max(maxX, p % width);
    }
    if (maxX - minX + 1 >= 0.9 * width) continue;
    for (const p of region) kept[p] = 1;
  }
  const grown = morph(kept, width, height, -Math.max(1, Math.round(Math.max(width, height) * 0.015)));
  return mapToBytes(grown, (v) => v * 255);
}
