import { describe, expect, it } from "vitest";
import type { RgbImage } from "@/server/images/raw-image";
import type { Rect } from "@/test/synthetic-room";
import { fillHoles } from "./fill-holes";

const [WIDTH, HEIGHT] = [200, 160];
const FLOOR: [number, number, number] = [150, 120, 90];
const WINDOW_BOTTOM = 60;

/** A window (bright panes, dark mullions every 8 px) over the top 60 rows, a floor below; planks (a darker line every 6 rows) when asked. */
function windowOverFloor(planks: boolean): RgbImage {
  const data = Buffer.alloc(WIDTH * HEIGHT * 3);
  for (let y = 0; y < HEIGHT; y++) {
    for (let x = 0; x < WIDTH; x++) {
      const colour =
        y < WINDOW_BOTTOM ? (x % 8 < 2 ? [60, 60, 60] : [240, 240, 235]) : planks && y % 6 === 0 ? FLOOR.map((v) => v - 40) : FLOOR;
      data.set(colour, (y * WIDTH + x) * 3);
    }
  }
  return { width: WIDTH, height: HEIGHT, data };
}

function holeOver(x0: number, y0: number, x1: number, y1: number): Uint8Array {
  const mask = new Uint8Array(WIDTH * HEIGHT);
  for (let y = y0; y < y1; y++) for (let x = x0; x < x1; x++) mask[y * WIDTH + x] = 255;
  return mask;
}

/** Mean absolute difference of neighbouring pixels inside `rect`, across columns (mullions) or across rows (planks). */
function detail(image: RgbImage, rect: Rect, across: "columns" | "rows"): number {
  const [dx, dy] = across === "columns" ? [1, 0] : [0, 1];
  let sum = 0,
    count = 0;
  for (let y = rect.y; y < rect.y + rect.height - dy; y++) {
    for (let x = rect.x; x < rect.x + rect.width - dx; x++) {
      const [p, q] = [(y * WIDTH + x) * 3, ((y + dy) * WIDTH + x + dx) * 3];
      for (let c = 0; c < 3; c++) sum += Math.abs(image.data[p + c] - image.data[q + c]);
      count += 3;
    }
  }
  return sum / count;
}

describe("fillHoles", () => {
  it("does not copy a window's mullions onto the floor when the only clean band beside a hole is the window", async () => {
    // The hole spans the floor's width from 30 rows below the window to the bottom: the bands
    // beside and below it leave the frame, the band above it is mostly window.
    const filled = await fillHoles(windowOverFloor(false), holeOver(0, 90, WIDTH, HEIGHT));
    const inside = { x: 4, y: 94, width: WIDTH - 8, height: HEIGHT - 98 };
    expect(detail(filled, inside, "columns")).toBeLessThan(2);
  });

  it("restores the floor's own texture from the band beside a hole", async () => {
    const source = windowOverFloor(true);
    const filled = await fillHoles(source, holeOver(80, 100, 120, 160));
    const [inside, beside] = [
      { x: 84, y: 104, width: 32, height: 52 },
      { x: 44, y: 104, width: 32, height: 52 },
    ];
    expect(detail(source, beside, "rows")).toBeGreaterThan(10);
    expect(detail(filled, inside, "rows")).toBeGreaterThan(0.5 * detail(source, beside, "rows"));
  });
});
