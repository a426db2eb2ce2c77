import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { perspectiveRoom } from "@/test/perspective-room";
import { suggestKeptAreas, type SuggestedArea } from "./kept-area-suggestions";

/** The share of the box [x0, y0, x1, y1] (fractions of the frame) that a suggestion's bounding box covers. */
function covers(area: SuggestedArea, [x0, y0, x1, y1]: [number, number, number, number]): number {
  const xs = area.polygon.map((p) => p[0]),
    ys = area.polygon.map((p) => p[1]);
  const w = Math.max(0, Math.min(x1, Math.max(...xs)) - Math.max(x0, Math.min(...xs)));
  const h = Math.max(0, Math.min(y1, Math.max(...ys)) - Math.max(y0, Math.min(...ys)));
  return (w * h) / ((x1 - x0) * (y1 - y0));
}

describe("suggestKeptAreas", () => {
  it("outlines the window of a photo, as a window, and nothing of its bare walls", async () => {
    // armentrout-bedroom-2 of the real development set: one double window on the left wall (outlined by hand in kept-areas.json).
    const suggested = await suggestKeptAreas(readFileSync("samples/structure-dev-set/real/armentrout-bedroom-2.jpg"));
    expect(suggested).toHaveLength(1);
    expect(suggested[0].kind).toBe("window");
    expect(covers(suggested[0], [0.245, 0.345, 0.48, 0.635])).toBeGreaterThan(0.9);
    expect(suggested[0].polygon).toHaveLength(4);
  });

  it("outlines a door standing on the floor as a door, and a window as a window", async () => {
    const room = await perspectiveRoom({ width: 640, height: 480, windows: [{ box: [0.55, 0.15, 0.9, 0.55] }], door: 0.2 });
    const suggested = await suggestKeptAreas(room);
    const door = suggested.find((s) => s.kind === "door");
    const window = suggested.find((s) => s.kind === "window");
    expect(door, JSON.stringify(suggested)).toBeDefined();
    expect(window, JSON.stringify(suggested)).toBeDefined();
    expect(Math.max(...door!.polygon.map((p) => p[1]))).toBeGreaterThan(0.62);
  });

  it("suggests nothing on a photo without straight openings", async () => {
    expect(await suggestKeptAreas(await perspectiveRoom({ width: 640, height: 480 }))).toEqual([]);
  });
});
