/** Keep masks for tests (D17): white rectangles on black, and the kept areas shrunk by the seam. */
import sharp from "sharp";

/** A keep mask of width × height, white inside the boxes ([x0, y0, x1, y1], fractions of the frame). */
export function keepMaskPng(width: number, height: number, boxes: [number, number, number, number][]): Promise<Buffer> {
  const rects = boxes
    .map(
      ([x0, y0, x1, y1]) =>
        `<rect x="${x0 * width}" y="${y0 * height}" width="${(x1 - x0) * width}" height="${(y1 - y0) * height}" fill="#fff"/>`,
    )
    .join("");
  return sharp(
    Buffer.from(
      `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><rect width="100%" height="100%" fill="#000"/>${rects}</svg>`,
    ),
  )
    .png()
    .toBuffer();
}

/** 1 where every pixel within `radius` (a square) is kept: the kept areas shrunk by the seam. */
export function shrunkBy(kept: Uint8Array, width: number, height: number, radius: number): Uint8Array {
  const out = new Uint8Array(kept.length);
  for (let y = radius; y < height - radius; y++) {
    for (let x = radius; x < width - radius; x++) {
      let all = 1;
      for (let dy = -radius; dy <= radius && all; dy++)
        for (let dx = -radius; dx <= radius && all; dx++) all = kept[(y + dy) * width + x + dx];
      out[y * width + x] = all;
    }
  }
  return out;
}
