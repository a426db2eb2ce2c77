/**
 * Classical inpainting for every hole the local provider fills (declutter, inpaint).
 *
 * OpenCV's Telea inpainting is fast and clean on small holes but smears wide ones (see
 * docs/providers.md). So holes wider than a few pixels are filled on a
 * pyramid: the image is shrunk until the widest hole is about 8 px across its radius,
 * Telea fills it there, and the smooth fill is scaled back up. Then the fine texture the
 * shrinking lost is restored by copying high-frequency detail (image minus its blur) from
 * a same-sized band right next to each hole (beside it, else below or above), which suits
 * floors and walls, the usual background of removed objects. The band must be the surface
 * the fill continues: its blurred colour within 24 per channel of the fill on average. A
 * chair in front of a desk under a window has the window in the band above it, whose
 * mullions and trees would be pasted onto the floor; with no such band the hole keeps
 * the smooth fill.
 */
import "server-only";
import type { RgbImage } from "@/server/images/raw-image";
import { sharp } from "@/server/images/sharp";
import { loadOpenCv, type OpenCv } from "./opencv";

const TARGET_HOLE_RADIUS = 8;
const TELEA_RADIUS = 3;

function matFromRgb(cv: OpenCv, image: RgbImage): OpenCv {
  const mat = new cv.Mat(image.height, image.width, cv.CV_8UC3);
  mat.data.set(image.data);
  return mat;
}

function matFromMask(cv: OpenCv, mask: Uint8Array, width: number, height: number): OpenCv {
  const mat = new cv.Mat(height, width, cv.CV_8UC1);
  mat.data.set(mask);
  return mat;
}

function holeRadius(cv: OpenCv, maskMat: OpenCv): number {
  const distance = new cv.Mat();
  try {
    cv.distanceTransform(maskMat, distance, cv.DIST_L2, 3);
    return cv.minMaxLoc(distance).maxVal as number;
  } finally {
    distance.delete();
  }
}

/** Smooth fill: Telea at a scale where the holes are small, scaled back to full size. */
function pyramidFill(cv: OpenCv, source: OpenCv, maskMat: OpenCv, factor: number): OpenCv {
  const filled = new cv.Mat();
  if (factor <= 1) {
    cv.inpaint(source, maskMat, filled, TELEA_RADIUS, cv.INPAINT_TELEA);
    return filled;
  }
  const size = new cv.Size(Math.max(8, Math.round(source.cols / factor)), Math.max(8, Math.round(source.rows / factor)));
  const small = new cv.Mat();
  const smallMask = new cv.Mat();
  const smallFilled = new cv.Mat();
  try {
    cv.resize(source, small, size, 0, 0, cv.INTER_AREA);
    cv.resize(maskMat, smallMask, size, 0, 0, cv.INTER_AREA);
    // Any hole pixel touching a small pixel makes it a hole, so no object colour leaks in.
    cv.threshold(smallMask, smallMask, 0, 255, cv.THRESH_BINARY);
    cv.inpaint(small, smallMask, smallFilled, TELEA_RADIUS, cv.INPAINT_TELEA);
    cv.resize(smallFilled, filled, new cv.Size(source.cols, source.rows), 0, 0, cv.INTER_LINEAR);
    return filled;
  } finally {
    small.delete();
    smallMask.delete();
    smallFilled.delete();
  }
}

interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

function holeBoxes(cv: OpenCv, maskMat: OpenCv): Box[] {
  const labels = new cv.Mat();
  const stats = new cv.Mat();
  const centroids = new cv.Mat();
  try {
    const count = cv.connectedComponentsWithStats(maskMat, labels, stats, centroids, 8, cv.CV_32S);
    const boxes: Box[] = [];
    const s = stats.data32S as Int32Array;
    const columns = stats.cols as number;
    for (let i = 1; i < count; i++) {
      const row = i * columns;
      boxes.push({ x: s[row], y: s[row + 1], width: s[row + 2], height: s[row + 3] });
    }
    return boxes;
  } finally {
    labels.delete();
    stats.delete();
    centroids.delete();
  }
}

/** Mean per-channel difference under which a donor band's blurred colour continues the fill's surface. */
const SAME_SURFACE = 24;

/**
 * Picks the offset of a neighbouring band with no hole in it whose blurred colour matches
 * the smooth fill (`fill`) over the hole's pixels. Sideways first: floors, skirting and
 * wall shading mostly run horizontally in room photos, so the band beside a hole
 * continues its structure best.
 */
function donorOffset(box: Box, mask: Uint8Array, low: Buffer, fill: Buffer, width: number, height: number): [number, number] | null {
  const candidates: [number, number][] = [
    [-box.width, 0],
    [box.width, 0],
    [0, box.height],
    [0, -box.height],
  ];
  for (const [dx, dy] of candidates) {
    const x0 = box.x + dx;
    const y0 = box.y + dy;
    if (x0 < 0 || y0 < 0 || x0 + box.width > width || y0 + box.height > height) continue;
    let clean = true;
    for (let y = y0; y < y0 + box.height && clean; y++) {
      for (let x = x0; x < x0 + box.width; x++)
        if (mask[y * width + x]) {
          clean = false;
          break;
        }
    }
    if (clean && colourDistance(box, [dx, dy], mask, low, fill, width) < SAME_SURFACE) return [dx, dy];
  }
  return null;
}

/** Mean absolute per-channel difference between the donor band's blurred colour and the fill, over the hole's pixels in `box`. */
function colourDistance(box: Box, [dx, dy]: [number, number], mask: Uint8Array, low: Buffer, fill: Buffer, width: number): number {
  let sum = 0,
    count = 0;
  for (let y = box.y; y < box.y + box.height; y++) {
    for (let x = box.x; x < box.x + box.width; x++) {
      const p = y * width + x;
      if (!mask[p]) continue;
      const d = ((y + dy) * width + x + dx) * 3;
      for (let c = 0; c < 3; c++) sum += Math.abs(low[d + c] - fill[p * 3 + c]);
      count += 3;
    }
  }
  return count ? sum / count : Infinity;
}

/** Low-pass copy of the image; libvips blurs a 12 MP image in well under a second, WASM OpenCV does not. */
function blurred(image: RgbImage, sigma: number): Promise<Buffer> {
  return sharp(image.data, { raw: { width: image.width, height: image.height, channels: 3 } })
    .blur(sigma)
    .raw()
    .toBuffer();
}

async function addDonorDetail(image: RgbImage, out: Buffer, mask: Uint8Array, boxes: Box[], factor: number): Promise<void> {
  const low = await blurred(image, Math.max(1, factor / 2));
  const src = image.data;
  const { width, height } = image;
  for (const box of boxes) {
    const offset = donorOffset(box, mask, low, out, width, height);
    if (!offset) continue;
    for (let y = box.y; y < box.y + box.height; y++) {
      for (let x = box.x; x < box.x + box.width; x++) {
        const p = y * width + x;
        if (!mask[p]) continue;
        const d = ((y + offset[1]) * width + x + offset[0]) * 3;
        for (let c = 0; c < 3; c++) {
          const value = out[p * 3 + c] + src[d + c] - low[d + c];
          out[p * 3 + c] = value < 0 ? 0 : value > 255 ? 255 : value;
        }
      }
    }
  }
}

/**
 * Fills every pixel where `mask` is non-zero from its surroundings. Pixels outside the
 * mask are returned exactly as they were.
 */
export async function fillHoles(image: RgbImage, mask: Uint8Array): Promise<RgbImage> {
  const out = Buffer.from(image.data);
  if (!mask.some((v) => v !== 0)) return { ...image, data: out };
  const { cv } = await loadOpenCv();
  const source = matFromRgb(cv, image);
  const binary = new Uint8Array(mask.length);
  for (let p = 0; p < mask.length; p++) if (mask[p]) binary[p] = 255;
  const maskMat = matFromMask(cv, binary, image.width, image.height);
  let filled: OpenCv = null;
  try {
    const factor = Math.ceil(holeRadius(cv, maskMat) / TARGET_HOLE_RADIUS);
    filled = pyramidFill(cv, source, maskMat, factor);
    const fill = filled.data as Uint8Array;
    for (let p = 0; p < binary.length; p++) {
      if (!binary[p]) continue;
      out[p * 3] = fill[p * 3];
      out[p * 3 + 1] = fill[p * 3 + 1];
      out[p * 3 + 2] = fill[p * 3 + 2];
    }
    const boxes = factor > 1 ? holeBoxes(cv, maskMat) : [];
    if (boxes.length) await addDonorDetail(image, out, binary, boxes, factor);
    return { width: image.width, height: image.height, data: out };
  } finally {
    source.delete();
    maskMat.delete();
    filled?.delete();
  }
}
