import { describe, expect, it } from "vitest";
import { computeChangeMap } from "./change-map";
import { changedRegions, changeSummary } from "./change-regions";
import { ROOM_BANDS, roomRegionAt } from "./room-zones";
import { sharp } from "./sharp";
import { syntheticRoom, type Rect } from "@/test/synthetic-room";

const W = 320,
  H = 240;

async function withPatch(room: Buffer, rect: Rect, colour: string): Promise<Buffer> {
  return sharp(room)
    .composite([
      { input: { create: { width: rect.width, height: rect.height, channels: 3, background: colour } }, left: rect.x, top: rect.y },
    ])
    .jpeg({ quality: 90 })
    .toBuffer();
}

describe("changedRegions", () => {
  it("names the zones of the structure check", () => {
    expect(roomRegionAt(0.5, 0.05)).toBe("ceiling");
    expect(roomRegionAt(0.1, 0.3)).toBe("left wall");
    expect(roomRegionAt(0.5, 0.3)).toBe("back wall");
    expect(roomRegionAt(0.9, 0.5)).toBe("right wall");
    expect(roomRegionAt(0.5, ROOM_BANDS.floorStart)).toBe("floor");
  });

  it.each([
    ["left wall", { x: 10, y: 70, width: 50, height: 50 }],
    ["right wall", { x: 260, y: 70, width: 50, height: 50 }],
    ["ceiling", { x: 120, y: 4, width: 80, height: 30 }],
    ["floor", { x: 100, y: 170, width: 120, height: 50 }],
  ] as const)("reports a made-up change on the %s as that region only", async (region, rect) => {
    const room = await syntheticRoom({ width: W, height: H, format: "jpeg" });
    const map = await computeChangeMap(room, await withPatch(room, rect, "#20407a"));
    expect(changedRegions(map).map((r) => r.name)).toEqual([region]);
    expect(Math.abs(map.changedFraction - (rect.width * rect.height) / (W * H))).toBeLessThan(0.01);
    expect(changeSummary(map)).toMatch(new RegExp(`^changed: \\d+ % of the image, regions: ${region}$`));
  });

  it("lists two regions, the larger share first", async () => {
    const room = await syntheticRoom({ width: W, height: H, format: "jpeg" });
    const floor = await withPatch(room, { x: 100, y: 170, width: 120, height: 50 }, "#20407a");
    const map = await computeChangeMap(room, await withPatch(floor, { x: 10, y: 70, width: 40, height: 40 }, "#7a2040"));
    expect(changedRegions(map).map((r) => r.name)).toEqual(["floor", "left wall"]);
  });
});
