import { describe, expect, it } from "vitest";
import { computeChangeMap } from "./change-map";
import { renderChangeOverlay } from "./change-overlay";
import { changedRegions, changeSummary } from "./change-regions";
import { sharp } from "./sharp";
import { roomBoxRect, syntheticRoom, type Rect } from "@/test/synthetic-room";

const W = 320,
  H = 240;
const TOLERANCE = 3;

function expectNear(box: Rect, truth: Rect) {
  expect(Math.abs(box.x - truth.x), `left edge of ${JSON.stringify(box)} vs ${JSON.stringify(truth)}`).toBeLessThanOrEqual(TOLERANCE);
  expect(Math.abs(box.y - truth.y), "top edge").toBeLessThanOrEqual(TOLERANCE);
  expect(Math.abs(box.x + box.width - (truth.x + truth.width)), "right edge").toBeLessThanOrEqual(TOLERANCE);
  expect(Math.abs(box.y + box.height - (truth.y + truth.height)), "bottom edge").toBeLessThanOrEqual(TOLERANCE);
}

/** A made-up edit: a rectangle of flat colour pasted over the room. */
async function withPatch(room: Buffer, rect: Rect, colour: string): Promise<Buffer> {
  return sharp(room)
    .composite([
      { input: { create: { width: rect.width, height: rect.height, channels: 3, background: colour } }, left: rect.x, top: rect.y },
    ])
    .jpeg({ quality: 90 })
    .toBuffer();
}

describe("computeChangeMap", () => {
  it("finds nothing between a photo and its own re-encoding", async () => {
    const room = await syntheticRoom({ width: W, height: H, box: true });
    const again = await sharp(room).jpeg({ quality: 80 }).toBuffer();
    const map = await computeChangeMap(room, again);
    expect(map.changedFraction).toBe(0);
    expect(map.boxes).toEqual([]);
    expect(changeSummary(map)).toBe("changed: 0 % of the image");
  });

  it("recovers a removed object (declutter) within a few pixels", async () => {
    const withBox = await syntheticRoom({ width: W, height: H, box: true, format: "jpeg" });
    const empty = await syntheticRoom({ width: W, height: H, box: false, format: "jpeg" });
    const map = await computeChangeMap(withBox, empty);
    expect(map.boxes).toHaveLength(1);
    expectNear(map.boxes[0], roomBoxRect(W, H));
    const truthArea = roomBoxRect(W, H).width * roomBoxRect(W, H).height;
    expect(map.changedFraction).toBeCloseTo(truthArea / (W * H), 2);
    expect(changedRegions(map).map((r) => r.name)).toEqual(["floor"]);
    expect(changeSummary(map)).toMatch(/^changed: 3 % of the image, regions: floor$/);
  });

  it("recovers an added object on the wall through a 2 px shift and a global re-grade", async () => {
    const room = await syntheticRoom({ width: W, height: H });
    const painting: Rect = { x: 200, y: 60, width: 56, height: 40 };
    const edited = await withPatch(room, painting, "#1f4f8f");
    // The model nudged the frame 2 px right and 1 px down and brightened everything.
    const extended = await sharp(edited).extend({ left: 2, top: 1, background: "#c8c0b0" }).png().toBuffer();
    const moved = await sharp(extended).extract({ left: 0, top: 0, width: W, height: H }).linear(1.1, 8).jpeg({ quality: 90 }).toBuffer();
    const map = await computeChangeMap(room, moved);
    expect(map.shift).toEqual({ dx: 2, dy: 1 });
    expect(map.regraded).toBe(true);
    expect(map.boxes).toHaveLength(1);
    expectNear(map.boxes[0], { ...painting, x: painting.x + 2, y: painting.y + 1 });
    expect(changeSummary(map)).toMatch(/regions: (back wall|right wall)(, (back|right) wall)?, colors re-graded across the whole image$/);
  });

  it("scales boxes to the output's size when the output is larger than the source (upscale)", async () => {
    const withBox = await syntheticRoom({ width: W, height: H, box: true });
    const emptyLarge = await sharp(await syntheticRoom({ width: W * 2, height: H * 2, box: false }))
      .png()
      .toBuffer();
    const map = await computeChangeMap(withBox, emptyLarge);
    const truth = roomBoxRect(W * 2, H * 2);
    expect(map.boxes).toHaveLength(1);
    // Tolerance in output pixels grows with the working-size scale (640 → 384).
    for (const [a, b] of [
      [map.boxes[0].x, truth.x],
      [map.boxes[0].y, truth.y],
      [map.boxes[0].width, truth.width],
      [map.boxes[0].height, truth.height],
    ]) {
      expect(Math.abs(a - b)).toBeLessThanOrEqual(TOLERANCE * 2);
    }
  });
});

describe("renderChangeOverlay", () => {
  it("puts the removed object's own pixels back, outlined, and nothing elsewhere", async () => {
    const withBox = await syntheticRoom({ width: W, height: H, box: true });
    const empty = await syntheticRoom({ width: W, height: H, box: false });
    const map = await computeChangeMap(withBox, empty);
    const overlay = await renderChangeOverlay(map, "removed", withBox);
    const { data, info } = await sharp(overlay).raw().toBuffer({ resolveWithObject: true });
    expect([info.width, info.height, info.channels]).toEqual([W, H, 4]);
    const box = roomBoxRect(W, H);
    const centre = ((box.y + box.height / 2) * W + box.x + box.width / 2) * 4;
    expect([...data.subarray(centre, centre + 4)]).toEqual([0x2a, 0x25, 0x22, 255]);
    const wall = (50 * W + 250) * 4;
    expect(data[wall + 3]).toBe(0);
  });
});
