import { describe, expect, it } from "vitest";
import type { StructureCheck } from "./structure-check";
import { summariseStructure } from "./structure-summary";

const wall = { zone: "upper back wall", kind: "wall" as const, edgeRecall: 1, localRecall: 1, erasedRecall: 1, changed: 0, repaint: 0, failure: null };

describe("summariseStructure", () => {
  it("writes a light shift that rounds to nothing as +0.0, never -0.0", () => {
    const check: StructureCheck = { verdict: "pass", reason: "", geometry: { horizon: 0.5, vanishingX: 0.5, fromLines: false }, zones: [{ ...wall, lightness: -0.02 }] };
    expect(summariseStructure(check).zones[0].scores).toMatch(/light \+0\.0 L\* \(limit ±25\)$/);
    const darker: StructureCheck = { ...check, zones: [{ ...wall, lightness: -2.04 }] };
    expect(summariseStructure(darker).zones[0].scores).toMatch(/light -2\.0 L\*/);
  });

  it("puts failing zones first, the uprights with their own wording", () => {
    const uprights = { zone: "door and window uprights", kind: "uprights" as const, edgeRecall: null, localRecall: null, changed: null, repaint: null, lightness: null, uprightsErased: 0.52, failure: "uprights_erased" as const };
    const check: StructureCheck = { verdict: "fail", reason: "r", geometry: { horizon: 0.5, vanishingX: 0.5, fromLines: false }, zones: [{ ...wall, lightness: 0 }, uprights] };
    expect(summariseStructure(check).zones).toEqual([
      { zone: "door and window uprights", failed: true, scores: "erased 52 % of their length (limit 35 %)" },
      expect.objectContaining({ zone: "upper back wall", failed: false }),
    ]);
  });
});
