/**
 * Colour statistics transfer (Reinhard et al., 2001): shift and scale each Lab channel of
 * an image so its mean and standard deviation match a reference image's. Multi-view
 * siblings use it so every view of a set shares the anchor's colour and tone.
 */
import "server-only";
import { labToRgb, rgbBufferToLab, rgbToLab } from "./color";
import { decodeRgb, type RgbImage } from "./raw-image";

export interface LabStats {
  mean: [number, number, number];
  std: [number, number, number];
}

const STATS_SIDE = 256;
// Bounds the per-channel scale so a flat reference cannot crush or blow up an image.
const MIN_SCALE = 0.5;
const MAX_SCALE = 2;

export function labStats(image: RgbImage): LabStats {
  const lab = rgbBufferToLab(image.data);
  const count = lab.length / 3;
  const mean: [number, number, number] = [0, 0, 0];
  const std: [number, number, number] = [0, 0, 0];
  for (let i = 0; i < lab.length; i += 3) for (let c = 0; c < 3; c++) mean[c] += lab[i + c];
  for (let c = 0; c < 3; c++) mean[c] /= count;
  for (let i = 0; i < lab.length; i += 3) for (let c = 0; c < 3; c++) std[c] += (lab[i + c] - mean[c]) ** 2;
  for (let c = 0; c < 3; c++) std[c] = Math.sqrt(std[c] / count);
  return { mean, std };
}

export async function labStatsOf(bytes: Buffer): Promise<LabStats> {
  return labStats(await decodeRgb(bytes, STATS_SIDE));
}

/** Returns `image` recoloured so its Lab statistics match `target`, blended by `amount` (0..1). */
export function transferColor(image: RgbImage, source: LabStats, target: LabStats, amount = 1): RgbImage {
  const scale = source.std.map((s, c) => Math.min(MAX_SCALE, Math.max(MIN_SCALE, s > 1e-3 ? target.std[c] / s : 1)));
  const out = Buffer.alloc(image.data.length);
  const lab = [0, 0, 0];
  for (let i = 0; i < image.data.length; i += 3) {
    rgbToLab(image.data[i], image.data[i + 1], image.data[i + 2], lab);
    for (let c = 0; c < 3; c++) {
      const moved = (lab[c] - source.mean[c]) * scale[c] + target.mean[c];
      lab[c] += (moved - lab[c]) * amount;
    }
    labToRgb(Math.min(100, Math.max(0, lab[0])), lab[1], lab[2], out, i);
  }
  return { width: image.width, height: image.height, data: out };
}
