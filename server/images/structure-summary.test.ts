import { describe, expect, it } from "vitest";
import type { StructureCheck } from "./structure-check";
import { summariseStructure } from "./structure-summary";

const wall = {
  zone: "upper back wall",
  kind: "wall" as const,
  edgeRecall: 1,
  localRecall: 1,
  erasedRecall: 1,
  changed: 0,
  repaint: 0,
  verdict: "pass" as const,
  failure: null,
  region: { x: 0, y: 0.18, width: 1, height: 0.27 },
};
const frame = { findings: [], summary: "", alignment: { reframing: null }, geometry: { horizon: 0.5, vanishingX: 0.5, fromLines: false } };

describe("summariseStructure", () => {
  it("writes a light shift that rounds to nothing as +0.0, never -0.0", () => {
    const check: StructureCheck = { ...frame, verdict: "pass", reason: "", zones: [{ ...wall, lightness: -0.02 }] };
    expect(summariseStructure(check).zones[0].scores).toMatch(/light \+0\.0 L\* \(limit ±25\)$/);
    const darker: StructureCheck = { ...check, zones: [{ ...wall, lightness: -2.04 }] };
    expect(summariseStructure(darker).zones[0].scores).toMatch(/light -2\.0 L\*/);
  });

  it("puts failing zones first, then those to review, the uprights with their own wording", () => {
    const uprights = {
      zone: "door and window uprights",
      kind: "uprights" as const,
      edgeRecall: null,
      localRecall: null,
      changed: null,
      repaint: null,
      lightness: null,
      uprightsErased: 0.52,
      verdict: "fail" as const,
      failure: "uprights_erased" as const,
      region: null,
    };
    const floor = {
      zone: "floor",
      kind: "floor" as const,
      edgeRecall: null,
      localRecall: null,
      changed: null,
      repaint: null,
      lightness: null,
      floorVisible: 0.16,
      floorMaterialChanged: 0,
      floorLinesChanged: 0,
      verdict: "review" as const,
      failure: "floor_covered" as const,
      region: null,
    };
    const check: StructureCheck = { ...frame, verdict: "fail", reason: "r", zones: [{ ...wall, lightness: 0 }, floor, uprights] };
    expect(summariseStructure(check).zones).toEqual([
      { zone: "door and window uprights", verdict: "fail", scores: "erased 52 % of their length (limit 35 %)" },
      expect.objectContaining({ zone: "floor", verdict: "review" }),
      expect.objectContaining({ zone: "upper back wall", verdict: "pass" }),
    ]);
  });
});
