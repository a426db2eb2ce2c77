/**
 * Measurements of one listing photo for the property description (D8 `image_analysis`).
 * Everything is computed from pixels on a copy at most 256 px long:
 * - brightness: mean Rec. 709 luma of the sRGB values, 0..1.
 * - dominant_colors: k-means (k = 6) in Lab over a 64 px copy; clusters under 3 % of the
 *   pixels dropped, the rest as hex, largest first, at most 5.
 * - features, each from a stated measurement (FEATURE_RULES below).
 * - room_type: classical colour/layout cues cannot tell a bedroom from a living room, so
 *   it is null, except "patio" when the photo is plainly outdoors: sky-blue across the
 *   top 25 % (≥ 40 % of it) and vegetation green in the bottom half (≥ 15 % of it).
 */
import "server-only";
import { luma, rgbBufferToLab, toHex } from "./color";
import { kmeans } from "./kmeans";
import { decodeRgb, type RgbImage } from "./raw-image";
import { sharp } from "./sharp";
import type { ImageAnalysis } from "../providers/types";

interface Measures {
  brightness: number;
  lumaStd: number;
  /** Mean of R - B over 0..1 channels: positive is warm. */
  warmth: number;
  meanChroma: number;
  /**
   * Share of near-white, neutral-to-cool pixels (luma > 0.9, Lab b ≤ 2) in the top 60 %
   * of the image: blown-out windows and daylight; a bright white ceiling can count too.
   */
  upperHighlights: number;
  aspect: number;
}

const FEATURE_RULES: [string, (m: Measures) => boolean][] = [
  ["bright", (m) => m.brightness >= 0.6],
  ["dim lighting", (m) => m.brightness < 0.3],
  ["natural light", (m) => m.upperHighlights >= 0.05],
  ["warm tones", (m) => m.warmth >= 0.05],
  ["cool tones", (m) => m.warmth <= -0.04],
  ["neutral palette", (m) => m.meanChroma < 12],
  ["colorful", (m) => m.meanChroma >= 30],
  ["high contrast", (m) => m.lumaStd >= 0.25],
  ["soft contrast", (m) => m.lumaStd < 0.1],
  ["wide shot", (m) => m.aspect >= 1.6],
];

function measure(image: RgbImage, lab: Float32Array): Measures {
  const count = image.width * image.height;
  let sum = 0,
    sumSquares = 0,
    warmth = 0,
    chroma = 0,
    highlights = 0;
  const upperRows = Math.ceil(image.height * 0.6);
  for (let p = 0; p < count; p++) {
    const i = p * 3;
    const y = luma(image.data[i], image.data[i + 1], image.data[i + 2]);
    sum += y;
    sumSquares += y * y;
    warmth += (image.data[i] - image.data[i + 2]) / 255;
    chroma += Math.hypot(lab[i + 1], lab[i + 2]);
    if (y > 0.9 && lab[i + 2] <= 2 && p < upperRows * image.width) highlights++;
  }
  const brightness = sum / count;
  return {
    brightness,
    lumaStd: Math.sqrt(Math.max(0, sumSquares / count - brightness * brightness)),
    warmth: warmth / count,
    meanChroma: chroma / count,
    upperHighlights: highlights / (upperRows * image.width),
    aspect: image.width / image.height,
  };
}

async function dominantColors(bytes: Buffer): Promise<string[]> {
  const small = await decodeRgb(bytes, 64);
  const lab = rgbBufferToLab(small.data);
  const { clusters, labels } = kmeans(lab, 6);
  const sums = clusters.map(() => [0, 0, 0]);
  labels.forEach((c, p) => {
    for (let k = 0; k < 3; k++) sums[c][k] += small.data[p * 3 + k];
  });
  const total = labels.length;
  return clusters
    .map((cluster, c) => ({
      size: cluster.size,
      hex: toHex(...(sums[c].map((v) => v / Math.max(1, cluster.size)) as [number, number, number])),
    }))
    .filter((entry) => entry.size / total >= 0.03)
    .sort((a, b) => b.size - a.size)
    .slice(0, 5)
    .map((entry) => entry.hex);
}

function guessRoomType(image: RgbImage, lab: Float32Array): string | null {
  const { width, height } = image;
  let sky = 0,
    green = 0;
  const skyRows = Math.ceil(height * 0.25);
  const lowerStart = Math.floor(height / 2);
  for (let p = 0; p < width * height; p++) {
    const [l, a, b] = [lab[p * 3], lab[p * 3 + 1], lab[p * 3 + 2]];
    const row = Math.floor(p / width);
    if (row < skyRows && l > 45 && b < -15 && a < 10) sky++;
    if (row >= lowerStart && a < -15 && b > 5) green++;
  }
  const isOutdoors = sky / (skyRows * width) >= 0.4 && green / ((height - lowerStart) * width) >= 0.15;
  return isOutdoors ? "patio" : null;
}

/** The room type a photo's pixels plainly show ("patio" outdoors, else null), as the analysis above finds it. */
export async function roomTypeFromPixels(bytes: Buffer): Promise<"patio" | null> {
  const image = await decodeRgb(bytes, 256);
  return guessRoomType(image, rgbBufferToLab(image.data)) === "patio" ? "patio" : null;
}

export async function analyzeImage(bytes: Buffer, index: number): Promise<ImageAnalysis> {
  const metadata = await sharp(bytes).metadata();
  const { width, height } = metadata.autoOrient;
  const image = await decodeRgb(bytes, 256);
  const lab = rgbBufferToLab(image.data);
  const measures = measure(image, lab);
  return {
    index,
    width,
    height,
    orientation: width > height ? "landscape" : width < height ? "portrait" : "square",
    brightness: Math.round(measures.brightness * 1000) / 1000,
    dominant_colors: await dominantColors(bytes),
    room_type: guessRoomType(image, lab),
    features: FEATURE_RULES.filter(([, applies]) => applies(measures)).map(([name]) => name),
  };
}
