/** Region statistics for the image-processing tests. */
import { rgbToLab } from "@/server/images/color";
import { decodeRgb, type RgbImage } from "@/server/images/raw-image";
import type { Rect } from "./synthetic-room";

export type Rgb = [number, number, number];

export function meanRgb(image: RgbImage, rect: Rect): Rgb {
  const sum: Rgb = [0, 0, 0];
  for (let y = rect.y; y < rect.y + rect.height; y++) {
    for (let x = rect.x; x < rect.x + rect.width; x++) {
      for (let c = 0; c < 3; c++) sum[c] += image.data[(y * image.width + x) * 3 + c];
    }
  }
  const count = rect.width * rect.height;
  return sum.map((v) => v / count) as Rgb;
}

export function labOf(rgb: Rgb): Rgb {
  const lab: Rgb = [0, 0, 0];
  rgbToLab(Math.round(rgb[0]), Math.round(rgb[1]), Math.round(rgb[2]), lab);
  return lab;
}

export function deltaE(a: Rgb, b: Rgb): number {
  const [la, lb] = [labOf(a), labOf(b)];
  return Math.hypot(la[0] - lb[0], la[1] - lb[1], la[2] - lb[2]);
}

/** Mean absolute difference per channel over a region of two same-sized images. */
export function meanAbsDiff(a: RgbImage, b: RgbImage, rect: Rect = { x: 0, y: 0, width: a.width, height: a.height }): number {
  let sum = 0;
  for (let y = rect.y; y < rect.y + rect.height; y++) {
    for (let x = rect.x; x < rect.x + rect.width; x++) {
      const i = (y * a.width + x) * 3;
      for (let c = 0; c < 3; c++) sum += Math.abs(a.data[i + c] - b.data[i + c]);
    }
  }
  return sum / (rect.width * rect.height * 3);
}

export function decode(bytes: Buffer): Promise<RgbImage> {
  return decodeRgb(bytes);
}

/** A rectangle given in fractions of the image size. */
export function fractionRect(image: { width: number; height: number }, x: number, y: number, width: number, height: number): Rect {
  return {
    x: Math.round(image.width * x),
    y: Math.round(image.height * y),
    width: Math.round(image.width * width),
    height: Math.round(image.height * height),
  };
}
