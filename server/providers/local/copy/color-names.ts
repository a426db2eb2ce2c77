/**
 * Names the dominant colors of a photo in words a listing would use ("warm wood tones"),
 * from hue, saturation and lightness.
 */
import "server-only";
import { parseHex } from "@/server/images/color";

export type ColorFamily = "white" | "cream" | "grey" | "charcoal" | "wood" | "sand" | "terracotta" | "gold" | "green" | "blue" | "plum";

export const COLOR_PHRASES: Record<ColorFamily, string> = {
  white: "crisp whites",
  cream: "soft creams",
  grey: "quiet grays",
  charcoal: "deep charcoal accents",
  wood: "warm wood tones",
  sand: "sandy beiges",
  terracotta: "earthy terracotta hues",
  gold: "golden accents",
  green: "fresh greens",
  blue: "calm blues",
  plum: "rich plum shades",
};

const WARM: ReadonlySet<ColorFamily> = new Set(["cream", "wood", "sand", "terracotta", "gold"]);

export function isWarm(family: ColorFamily): boolean {
  return WARM.has(family);
}

export function colorFamily(hex: string): ColorFamily {
  const [r, g, b] = parseHex(hex).map((c) => c / 255);
  const max = Math.max(r, g, b);
  const min = Math.min(r, g, b);
  const lightness = (max + min) / 2;
  const chroma = max - min;
  const saturation = chroma === 0 ? 0 : chroma / (1 - Math.abs(2 * lightness - 1));
  let hue = 0;
  if (chroma > 0) {
    if (max === r) hue = 60 * (((g - b) / chroma + 6) % 6);
    else if (max === g) hue = 60 * ((b - r) / chroma + 2);
    else hue = 60 * ((r - g) / chroma + 4);
  }
  if (lightness < 0.18) return "charcoal";
  if (lightness > 0.85) return saturation > 0.25 && hue >= 20 && hue < 70 ? "cream" : "white";
  if (saturation < 0.15) return "grey";
  if (hue < 15 || hue >= 340) return "terracotta";
  if (hue < 50) return lightness < 0.55 ? "wood" : "sand";
  if (hue < 70) return "gold";
  if (hue < 170) return "green";
  if (hue < 260) return "blue";
  return "plum";
}
