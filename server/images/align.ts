/**
 * Aligning an output with its source before comparing them: generative models can nudge
 * the frame by a few pixels, and a comparison that is not aligned reports every edge as
 * changed. Shared by the change map and the structure check.
 */
import "server-only";
import { greyOf } from "./edges";
import type { RgbImage } from "./raw-image";

/**
 * Zero mean, unit variance: a brighter or more contrasted output still aligns on its
 * edges. The statistics leave out `ignored` pixels (areas kept from the photo, which keep
 * the photo's exposure whatever the model did to the rest).
 */
export function standardised(grey: Float32Array, ignored: Uint8Array | null = null): Float32Array {
  let mean = 0,
    count = 0;
  for (let p = 0; p < grey.length; p++) {
    if (ignored?.[p]) continue;
    mean += grey[p];
    count++;
  }
  mean /= count || 1;
  let variance = 0;
  for (let p = 0; p < grey.length; p++) if (!ignored?.[p]) variance += (grey[p] - mean) ** 2;
  const std = Math.sqrt(variance / (count || 1)) || 1;
  return grey.map((v) => (v - mean) / std);
}

/** The whole-pixel offset (within ±maxShift) of `output` relative to `source` with the least mean absolute standardised-grey difference. */
export function bestShift(source: RgbImage, output: RgbImage, maxShift: number): { dx: number; dy: number } {
  const { width, height } = output;
  const src = standardised(greyOf(source));
  const out = standardised(greyOf(output));
  let best = { dx: 0, dy: 0, cost: Infinity };
  for (let dy = -maxShift; dy <= maxShift; dy++) {
    for (let dx = -maxShift; dx <= maxShift; dx++) {
      let sum = 0,
        count = 0;
      for (let y = maxShift; y < height - maxShift; y++) {
        for (let x = maxShift; x < width - maxShift; x++) {
          sum += Math.abs(out[y * width + x] - src[(y - dy) * width + (x - dx)]);
          count++;
        }
      }
      // Prefer no shift on ties, so an unmoved frame is never nudged.
      const cost = sum / count + (dx || dy ? 1e-6 : 0);
      if (cost < best.cost) best = { dx, dy, cost };
    }
  }
  return { dx: best.dx, dy: best.dy };
}

/** The image moved by (dx, dy), edge pixels repeated into the uncovered border. */
export function shifted(image: RgbImage, dx: number, dy: number): RgbImage {
  if (!dx && !dy) return image;
  const { width, height } = image;
  const data = Buffer.alloc(image.data.length);
  for (let y = 0; y < height; y++) {
    const sy = Math.min(height - 1, Math.max(0, y - dy));
    for (let x = 0; x < width; x++) {
      const sx = Math.min(width - 1, Math.max(0, x - dx));
      image.data.copy(data, (y * width + x) * 3, (sy * width + sx) * 3, (sy * width + sx) * 3 + 3);
    }
  }
  return { data, width, height };
}
