import { describe, expect, it } from "vitest";
import { KEPT_AREAS, keptAt } from "./kept-areas";
import { decodeRgb, type RgbImage } from "./raw-image";
import { keptSourceOf, restoreKeptAreas, seamsOf, type Seams } from "./restore-kept";
import { sharp } from "./sharp";
import { keepMaskPng, shrunkBy } from "@/test/keep-masks";

/** A real photo of the structure check's development set: enough texture for the frames to be matched. */
const PHOTO = "samples/structure-dev-set/real/armentrout-living.jpg";

/** Pixels (of `where`) whose three channels differ between a and b. */
function differing(a: RgbImage, b: RgbImage, where: Uint8Array): number {
  let count = 0;
  for (let p = 0; p < where.length; p++) {
    if (!where[p]) continue;
    const i = p * 3;
    if (a.data[i] !== b.data[i] || a.data[i + 1] !== b.data[i + 1] || a.data[i + 2] !== b.data[i + 2]) count++;
  }
  return count;
}

/** The photo re-graded warmer and darker, as a model's output: every pixel differs from the source. */
async function regraded(bytes: Buffer): Promise<Buffer> {
  return sharp(bytes).modulate({ brightness: 0.85, saturation: 1.3 }).tint("#ffd8b0").jpeg({ quality: 90 }).toBuffer();
}

/** The source's weight in every pixel of the seams' frame, 0..255. */
function weightsOf(seams: Seams): Uint8Array {
  const weights = new Uint8Array(seams.width * seams.height);
  for (let r = 0; r < seams.whole.length; r += 3)
    weights.fill(255, seams.whole[r] * seams.width + seams.whole[r + 1], seams.whole[r] * seams.width + seams.whole[r + 2]);
  seams.blended.forEach((p, b) => (weights[p] = seams.weights[b]));
  return weights;
}

/** The seam's weights by their definition, over the whole frame: a two-pass chamfer distance (3 straight, 4 diagonal) to the nearest pixel not kept, the frame's edge not counting as one. */
function chamferWeights(kept: Uint8Array, width: number, height: number, seam: number): Uint8Array {
  const cap = Math.floor(seam * 3 * 0.94);
  const w = width + 2;
  const d = new Uint8Array(w * (height + 2)).fill(cap);
  for (let y = 0; y < height; y++) for (let x = 0; x < width; x++) d[(y + 1) * w + x + 1] = kept[y * width + x] ? cap : 0;
  for (let y = 1; y <= height; y++)
    for (let x = 1; x <= width; x++) {
      const i = y * w + x;
      if (d[i]) d[i] = Math.min(cap, d[i - 1] + 3, d[i - w] + 3, d[i - w - 1] + 4, d[i - w + 1] + 4);
    }
  const weights = new Uint8Array(width * height);
  for (let y = height; y >= 1; y--)
    for (let x = width; x >= 1; x--) {
      const i = y * w + x;
      if (!d[i]) continue;
      d[i] = Math.min(d[i], d[i + 1] + 3, d[i + w] + 3, d[i + w + 1] + 4, d[i + w - 1] + 4);
      weights[(y - 1) * width + x - 1] = d[i] >= cap ? 255 : Math.round((255 * d[i]) / cap);
    }
  return weights;
}

describe("seamsOf", () => {
  it("reaches the source's full weight within the seam, leaves outside untouched, and follows the mask as keptAt scales it", async () => {
    // A mask painted at a quarter of the frame's size: the edges fall between its pixels.
    const width = 400,
      height = 300;
    const mask = await keepMaskPng(100, 75, [
      [0.1, 0.12, 0.55, 0.8],
      [0.7, 0.3, 0.9, 0.6],
    ]);
    const kept = await keptAt(mask, width, height);
    const seams = await seamsOf(mask, width, height);
    const weights = weightsOf(seams);
    const inner = shrunkBy(kept, width, height, KEPT_AREAS.seam);
    let blended = 0;
    for (let p = 0; p < kept.length; p++) {
      if (inner[p]) expect(weights[p]).toBe(255);
      if (!kept[p]) expect(weights[p]).toBe(0);
      if (kept[p] && weights[p] < 255) blended++;
    }
    expect(blended).toBeGreaterThan(1000);
    // A pixel just inside an edge is mostly the output's; the blend rises inwards.
    const row = 150 * width;
    expect(weights[row + 40]).toBeGreaterThan(0);
    expect(weights[row + 40]).toBeLessThan(64);
    expect(weights[row + 44]).toBeGreaterThan(weights[row + 41]);
  });

  it("gives every pixel the weight a whole-frame chamfer of the scaled mask gives it", async () => {
    // Areas of every shape at an awkward scale: a disc, a slanted band, a ring, one that runs off the frame.
    const [width, height] = [331, 217];
    const mask = await sharp(
      Buffer.from(
        `<svg xmlns="http://www.w3.org/2000/svg" width="97" height="61"><rect width="100%" height="100%" fill="#000"/>` +
          `<circle cx="25" cy="30" r="14" fill="#fff"/><polygon points="50,5 70,5 90,55 72,55" fill="#fff"/>` +
          `<circle cx="80" cy="15" r="9" fill="none" stroke="#fff" stroke-width="4"/><rect x="0" y="50" width="30" height="11" fill="#fff"/></svg>`,
      ),
    )
      .png()
      .toBuffer();
    const seams = await seamsOf(mask, width, height);
    expect(weightsOf(seams)).toEqual(chamferWeights(await keptAt(mask, width, height), width, height, KEPT_AREAS.seam));
  });

  it("keeps an area that runs off the frame to the border", async () => {
    const width = 120,
      height = 80;
    const weights = weightsOf(await seamsOf(await keepMaskPng(60, 40, [[0, 0, 0.4, 1]]), width, height));
    expect(weights[40 * width]).toBe(255);
    expect(weights[0]).toBe(255);
    expect(weights[40 * width + 47]).toBeLessThan(255);
    expect(weights[40 * width + 49]).toBe(0);
  });
});

describe("restoreKeptAreas", () => {
  it("pastes the source bit for bit inside the kept areas shrunk by the seam, and the output elsewhere", async () => {
    const photo = await sharp(PHOTO).toBuffer();
    const source = await decodeRgb(photo);
    const output = await decodeRgb(await regraded(photo));
    const mask = await keepMaskPng(400, 300, [
      [0.05, 0.1, 0.3, 0.6],
      [0.6, 0.05, 0.95, 0.5],
    ]);
    const restored = await restoreKeptAreas(await keptSourceOf(photo, mask), { ...output, data: Buffer.from(output.data) });
    if (!restored.restored) throw new Error(restored.reason);
    expect(restored.reframing).toBeNull();
    expect([restored.image.width, restored.image.height]).toEqual([source.width, source.height]);
    const kept = await keptAt(mask, source.width, source.height);
    const inner = shrunkBy(kept, source.width, source.height, KEPT_AREAS.seam);
    expect(inner.reduce((a, b) => a + b, 0)).toBeGreaterThan(10_000);
    expect(differing(restored.image, source, inner)).toBe(0);
    expect(
      differing(
        restored.image,
        output,
        kept.map((k) => 1 - k),
      ),
    ).toBe(0);
    // Without the paste the kept areas would be the model's.
    expect(differing(output, source, inner)).toBeGreaterThan(10_000);
  });

  it("brings a re-framed output back into the photo's frame first, so the source's pixels land where the room is", async () => {
    const photo = await sharp(PHOTO).toBuffer();
    const source = await decodeRgb(photo);
    // Zoomed in by 6 % and cropped back to the photo's size, as a model that re-frames does.
    const zoom = 1.06;
    const [zw, zh] = [Math.round(source.width * zoom), Math.round(source.height * zoom)];
    const reframedBytes = await sharp(photo)
      .resize(zw, zh)
      .extract({
        left: Math.round((zw - source.width) / 2),
        top: Math.round((zh - source.height) / 2),
        width: source.width,
        height: source.height,
      })
      .jpeg({ quality: 92 })
      .toBuffer();
    const output = await decodeRgb(reframedBytes);
    const mask = await keepMaskPng(400, 300, [[0.1, 0.15, 0.45, 0.7]]);
    const restored = await restoreKeptAreas(await keptSourceOf(photo, mask), output);
    if (!restored.restored) throw new Error(restored.reason);
    expect(restored.reframing?.scaleX).toBeCloseTo(zoom, 1);
    const { rect, image } = restored;
    // The output showed the middle 94 % of the photo: that is what is delivered, in the photo's own pixels' places.
    expect(rect.x0).toBeGreaterThan(source.width * 0.02);
    expect(rect.x1 - rect.x0).toBeLessThan(source.width * 0.96);
    const width = rect.x1 - rect.x0,
      height = rect.y1 - rect.y0;
    const sourceCrop = await sharp(source.data, { raw: { width: source.width, height: source.height, channels: 3 } })
      .extract({ left: rect.x0, top: rect.y0, width, height })
      .raw()
      .toBuffer();
    const kept = (await keptAt(mask, source.width, source.height)).filter((_, p) => {
      const x = p % source.width,
        y = Math.floor(p / source.width);
      return x >= rect.x0 && x < rect.x1 && y >= rect.y0 && y < rect.y1;
    });
    expect(differing(image, { data: sourceCrop, width, height }, shrunkBy(kept, width, height, KEPT_AREAS.seam))).toBe(0);
    // Outside the kept area the warped output lies over the photo within a few levels: aligned, not pasted on a moved room.
    let sum = 0,
      count = 0;
    for (let p = 0; p < kept.length; p++) {
      if (kept[p]) continue;
      for (let c = 0; c < 3; c++) sum += Math.abs(image.data[p * 3 + c] - sourceCrop[p * 3 + c]);
      count += 3;
    }
    expect(sum / count).toBeLessThan(8);
  });

  it("does not paste into an output that shows another room, and says why", async () => {
    const photo = await sharp(PHOTO).toBuffer();
    const source = await decodeRgb(photo);
    const other = await decodeRgb(
      await sharp("samples/structure-dev-set/real/homestaging-hall.jpg").resize(source.width, source.height, { fit: "fill" }).toBuffer(),
    );
    const restored = await restoreKeptAreas(await keptSourceOf(photo, await keepMaskPng(400, 300, [[0.1, 0.1, 0.4, 0.5]])), other);
    expect(restored).toMatchObject({ restored: false, reason: expect.any(String) });
  });
});
