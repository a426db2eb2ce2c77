/**
 * The colour grade behind the local staging, redecorate and render previews: a per-pixel
 * white balance, saturation, contrast and brightness change plus split toning with the
 * style palette's chroma, blended with the source by `intensity`. `paletteMix` also pulls
 * each pixel toward the palette colour at its tone (a gradient map), which is how
 * redecorate and render restyle surfaces more strongly than staging.
 */
import "server-only";
import type { RgbImage } from "@/server/images/raw-image";
import { parseHex } from "@/server/images/color";
import type { StyleGrade } from "./styles";

const SPLIT_TONE_STRENGTH = 0.35;
const WARMTH_GAIN = 0.1;

type Rgb = [number, number, number];

function unit(hex: string): Rgb {
  return parseHex(hex).map((v) => v / 255) as Rgb;
}

function lumaOf(c: Rgb | number[]): number {
  return 0.2126 * c[0] + 0.7152 * c[1] + 0.0722 * c[2];
}

function chromaOf(c: Rgb): Rgb {
  const y = lumaOf(c);
  return [c[0] - y, c[1] - y, c[2] - y];
}

/** The palette colour at tone `y` (0..1): shadow → mid → highlight, linearly. */
function paletteAt(palette: Rgb[], y: number, out: number[]): void {
  const [low, high, t] = y < 0.5 ? [palette[0], palette[1], y * 2] : [palette[1], palette[2], (y - 0.5) * 2];
  for (let c = 0; c < 3; c++) out[c] = low[c] + (high[c] - low[c]) * t;
}

export interface GradeOptions {
  intensity: number;
  /** 0..1, share of the palette gradient map in the graded colour. */
  paletteMix?: number;
}

export function gradeImage(image: RgbImage, grade: StyleGrade, { intensity, paletteMix = 0 }: GradeOptions): RgbImage {
  const palette = grade.palette.map(unit);
  const shadowChroma = chromaOf(palette[0]);
  const highlightChroma = chromaOf(palette[2]);
  const gains: Rgb = [1 + WARMTH_GAIN * grade.warmth, 1 + 0.02 * grade.warmth, 1 - WARMTH_GAIN * grade.warmth];
  const src = image.data;
  const out = Buffer.alloc(src.length);
  const c = [0, 0, 0];
  const mapped = [0, 0, 0];
  for (let i = 0; i < src.length; i += 3) {
    for (let k = 0; k < 3; k++) c[k] = (src[i + k] / 255) * gains[k];
    const y = lumaOf(c);
    for (let k = 0; k < 3; k++) c[k] = 0.5 + (y + (c[k] - y) * grade.saturation - 0.5) * grade.contrast + grade.brightness;
    const tone = Math.min(1, Math.max(0, lumaOf(c)));
    const shadow = (1 - tone) * (1 - tone) * SPLIT_TONE_STRENGTH;
    const highlight = tone * tone * SPLIT_TONE_STRENGTH * 0.6;
    if (paletteMix > 0) paletteAt(palette, tone, mapped);
    for (let k = 0; k < 3; k++) {
      let v = c[k] + shadowChroma[k] * shadow + highlightChroma[k] * highlight;
      if (paletteMix > 0) v += (mapped[k] - v) * paletteMix;
      const graded = src[i + k] + (v * 255 - src[i + k]) * intensity;
      out[i + k] = graded <= 0 ? 0 : graded >= 255 ? 255 : graded + 0.5;
    }
  }
  return { width: image.width, height: image.height, data: out };
}
