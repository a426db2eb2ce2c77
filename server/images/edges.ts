/**
 * Texture measures on small images: Sobel gradient magnitude and the local share of edge
 * pixels (edge density). Walls and ceilings are large low-density regions; furniture,
 * plank floors and clutter are dense.
 */
import "server-only";
import type { RgbImage } from "./raw-image";
import { mapToBytes } from "./typed-map";

export function greyOf(image: RgbImage): Float32Array {
  const grey = new Float32Array(image.width * image.height);
  for (let p = 0, i = 0; p < grey.length; p++, i += 3) {
    grey[p] = 0.2126 * image.data[i] + 0.7152 * image.data[i + 1] + 0.0722 * image.data[i + 2];
  }
  return grey;
}

/** Sobel gradient magnitude (0..~1440 for 8-bit grey); border pixels get 0. */
export function sobelMagnitude(grey: Float32Array, width: number, height: number): Float32Array {
  const out = new Float32Array(grey.length);
  for (let y = 1; y < height - 1; y++) {
    for (let x = 1; x < width - 1; x++) {
      const p = y * width + x;
      const tl = grey[p - width - 1],
        t = grey[p - width],
        tr = grey[p - width + 1];
      const l = grey[p - 1],
        r = grey[p + 1];
      const bl = grey[p + width - 1],
        b = grey[p + width],
        br = grey[p + width + 1];
      const gx = tr + 2 * r + br - tl - 2 * l - bl;
      const gy = bl + 2 * b + br - tl - 2 * t - tr;
      out[p] = Math.sqrt(gx * gx + gy * gy);
    }
  }
  return out;
}

/** Sobel gradient magnitude and the direction of the edge's normal, folded into [0, π) (a line's two sides are one direction); border pixels get 0. */
export function sobelGradient(grey: Float32Array, width: number, height: number): { magnitude: Float32Array; direction: Float32Array } {
  const magnitude = new Float32Array(grey.length);
  const direction = new Float32Array(grey.length);
  for (let y = 1; y < height - 1; y++) {
    for (let x = 1; x < width - 1; x++) {
      const p = y * width + x;
      const gx = grey[p - width + 1] + 2 * grey[p + 1] + grey[p + width + 1] - grey[p - width - 1] - 2 * grey[p - 1] - grey[p + width - 1];
      const gy =
        grey[p + width - 1] + 2 * grey[p + width] + grey[p + width + 1] - grey[p - width - 1] - 2 * grey[p - width] - grey[p - width + 1];
      magnitude[p] = Math.sqrt(gx * gx + gy * gy);
      const angle = Math.atan2(gy, gx);
      direction[p] = angle < 0 ? angle + Math.PI : angle >= Math.PI ? angle - Math.PI : angle;
    }
  }
  return { magnitude, direction };
}

/** Mean of `values` over a (2r+1)² window around each pixel, via an integral image. */
export function boxMean(values: ArrayLike<number>, width: number, height: number, radius: number): Float32Array {
  const integral = new Float64Array((width + 1) * (height + 1));
  for (let y = 0; y < height; y++) {
    let row = 0;
    for (let x = 0; x < width; x++) {
      row += values[y * width + x];
      integral[(y + 1) * (width + 1) + x + 1] = integral[y * (width + 1) + x + 1] + row;
    }
  }
  const out = new Float32Array(width * height);
  for (let y = 0; y < height; y++) {
    const y0 = Math.max(0, y - radius),
      y1 = Math.min(height, y + radius + 1);
    for (let x = 0; x < width; x++) {
      const x0 = Math.max(0, x - radius),
        x1 = Math.min(width, x + radius + 1);
      const sum =
        integral[y1 * (width + 1) + x1] -
        integral[y0 * (width + 1) + x1] -
        integral[y1 * (width + 1) + x0] +
        integral[y0 * (width + 1) + x0];
      out[y * width + x] = sum / ((y1 - y0) * (x1 - x0));
    }
  }
  return out;
}

/** Share of edge pixels (gradient above `threshold`) around each pixel, 0..1. */
export function edgeDensity(image: RgbImage, threshold: number, radius: number): { edges: Uint8Array; density: Float32Array } {
  const magnitude = sobelMagnitude(greyOf(image), image.width, image.height);
  const edges = mapToBytes(magnitude, (m) => (m > threshold ? 1 : 0));
  return { edges, density: boxMean(edges, image.width, image.height, radius) };
}

/** Binary erosion (r > 0) or dilation (r < 0) with a (2|r|+1)² square, as 0/1. */
export function morph(map: Uint8Array, width: number, height: number, radius: number): Uint8Array {
  const mean = boxMean(map, width, height, Math.abs(radius));
  return radius > 0 ? mapToBytes(mean, (m) => (m > 0.999 ? 1 : 0)) : mapToBytes(mean, (m) => (m > 0 ? 1 : 0));
}
