/**
 * sRGB <-> CIE Lab (D65) for per-pixel work. Lab separates lightness from colour, so
 * recolouring can replace a, b while keeping each pixel's shading in L.
 */

import "server-only";

const SRGB_TO_LINEAR = new Float64Array(256);
for (let i = 0; i < 256; i++) {
  const c = i / 255;
  SRGB_TO_LINEAR[i] = c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
}

const XN = 0.95047;
const ZN = 1.08883;

function labF(t: number): number {
  return t > 0.008856 ? Math.cbrt(t) : 7.787 * t + 16 / 116;
}

function labFInverse(t: number): number {
  const cube = t * t * t;
  return cube > 0.008856 ? cube : (t - 16 / 116) / 7.787;
}

// Linear light → 8-bit sRGB through a 16-bit table: the power function per channel was
// most of the cost of whole-image recolouring; the table's error is under 0.05 levels.
const LINEAR_STEPS = 65535;
const LINEAR_TO_SRGB8 = new Uint8Array(LINEAR_STEPS + 1);
for (let i = 0; i <= LINEAR_STEPS; i++) {
  const c = i / LINEAR_STEPS;
  const v = c <= 0.0031308 ? 12.92 * c : 1.055 * c ** (1 / 2.4) - 0.055;
  LINEAR_TO_SRGB8[i] = Math.round(Math.min(1, Math.max(0, v)) * 255);
}

function linearToSrgb8(c: number): number {
  return c <= 0 ? 0 : c >= 1 ? 255 : LINEAR_TO_SRGB8[Math.round(c * LINEAR_STEPS)];
}

/** Writes L (0..100), a, b of the 8-bit sRGB colour into `out` at `offset`. */
export function rgbToLab(r: number, g: number, b: number, out: Float32Array | number[], offset = 0): void {
  const lr = SRGB_TO_LINEAR[r];
  const lg = SRGB_TO_LINEAR[g];
  const lb = SRGB_TO_LINEAR[b];
  const x = labF((0.4124 * lr + 0.3576 * lg + 0.1805 * lb) / XN);
  const y = labF(0.2126 * lr + 0.7152 * lg + 0.0722 * lb);
  const z = labF((0.0193 * lr + 0.1192 * lg + 0.9505 * lb) / ZN);
  out[offset] = 116 * y - 16;
  out[offset + 1] = 500 * (x - y);
  out[offset + 2] = 200 * (y - z);
}

/** Writes the 8-bit sRGB colour of L, a, b into `out` at `offset`, clipped to gamut. */
export function labToRgb(l: number, a: number, b: number, out: Uint8Array | Buffer | number[], offset = 0): void {
  const fy = (l + 16) / 116;
  const x = XN * labFInverse(fy + a / 500);
  const y = labFInverse(fy);
  const z = ZN * labFInverse(fy - b / 200);
  out[offset] = linearToSrgb8(3.2406 * x - 1.5372 * y - 0.4986 * z);
  out[offset + 1] = linearToSrgb8(-0.9689 * x + 1.8758 * y + 0.0415 * z);
  out[offset + 2] = linearToSrgb8(0.0557 * x - 0.204 * y + 1.057 * z);
}

/** Converts a whole interleaved RGB buffer to Lab. */
export function rgbBufferToLab(rgb: Uint8Array): Float32Array {
  const lab = new Float32Array(rgb.length);
  for (let i = 0; i < rgb.length; i += 3) rgbToLab(rgb[i], rgb[i + 1], rgb[i + 2], lab, i);
  return lab;
}

export function parseHex(hex: string): [number, number, number] {
  const value = Number.parseInt(hex.replace(/^#/, ""), 16);
  return [(value >> 16) & 255, (value >> 8) & 255, value & 255];
}

export function toHex(r: number, g: number, b: number): string {
  const channel = (v: number) =>
    Math.max(0, Math.min(255, Math.round(v)))
      .toString(16)
      .padStart(2, "0");
  return `#${channel(r)}${channel(g)}${channel(b)}`;
}

/** Rec. 709 luma of gamma-encoded 8-bit sRGB, 0..1. */
export function luma(r: number, g: number, b: number): number {
  return (0.2126 * r + 0.7152 * g + 0.0722 * b) / 255;
}
