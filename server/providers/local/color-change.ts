/**
 * Wall repaint: finds the walls (see wall-mask.ts) and moves them to the target paint
 * colour in Lab through a feathered mask. Each wall pixel takes the paint's a, b plus its
 * own deviation from the wall's mean chroma, and the paint's lightness plus its own
 * deviation from the wall's mean lightness (compressed only as far as needed to stay in
 * 0..100). So shading, light falloff and texture keep their order and shape under the
 * new colour, which tint() would not do (it turns sepia).
 */
import "server-only";
import { labToRgb, parseHex, rgbToLab } from "@/server/images/color";
import { resizeRgb, scaleMask, type RgbImage } from "@/server/images/raw-image";
import { ProviderError } from "../types";
import { WALL_WORK_SIDE, findWalls } from "./wall-mask";

/** Shading spread (in L) kept around the paint's lightness; the 2nd..98th percentile range. */
function lightnessRange(work: RgbImage, mask: Uint8Array): [number, number] {
  const values: number[] = [];
  const lab = [0, 0, 0];
  for (let p = 0; p < mask.length; p++) {
    if (mask[p] < 128) continue;
    rgbToLab(work.data[p * 3], work.data[p * 3 + 1], work.data[p * 3 + 2], lab);
    values.push(lab[0]);
  }
  values.sort((a, b) => a - b);
  return [values[Math.floor(values.length * 0.02)] ?? 0, values[Math.floor(values.length * 0.98)] ?? 100];
}

export async function colorChange(source: RgbImage, color: string, intensity: number): Promise<RgbImage> {
  const scale = Math.min(1, WALL_WORK_SIDE / Math.max(source.width, source.height));
  const work = await resizeRgb(source, Math.max(1, Math.round(source.width * scale)), Math.max(1, Math.round(source.height * scale)));
  const walls = findWalls(work);
  if (!walls) throw new ProviderError("No paintable wall was found in the image.", { transient: false });
  const mask = await scaleMask(walls.mask, work, source, 1.5 / scale);

  const target = [0, 0, 0];
  rgbToLab(...parseHex(color), target);
  const [wallL, wallA, wallB] = walls.wallLab;
  const [low, high] = lightnessRange(work, walls.mask);
  // Largest factor keeping L' = target + (L - wallL) * k inside 0..100 over the wall's range.
  const k = Math.max(0.25, Math.min(1, high > wallL ? (100 - target[0]) / (high - wallL) : 1, wallL > low ? target[0] / (wallL - low) : 1));
  const strength = Math.min(1, 0.4 + intensity);

  const out = Buffer.from(source.data);
  const lab = [0, 0, 0];
  for (let p = 0; p < mask.length; p++) {
    const weight = (mask[p] / 255) * strength;
    if (weight <= 0) continue;
    const i = p * 3;
    rgbToLab(out[i], out[i + 1], out[i + 2], lab);
    const l = lab[0] + (target[0] + (lab[0] - wallL) * k - lab[0]) * weight;
    const a = lab[1] + (target[1] + (lab[1] - wallA) - lab[1]) * weight;
    const b = lab[2] + (target[2] + (lab[2] - wallB) - lab[2]) * weight;
    labToRgb(Math.min(100, Math.max(0, l)), a, b, out, i);
  }
  return { width: source.width, height: source.height, data: out };
}
