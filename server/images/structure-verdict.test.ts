import { describe, expect, it } from "vitest";
import { REFUSAL_LIMITS, STRUCTURE_THRESHOLDS, summaryOf, technicalReason, verdictOf, zoneFindings } from "./structure-verdict";

describe("zoneFindings (D17)", () => {
  it("asks a person about a score just under its limit, where round 5 refused (a built-ins' line count at 69 %, needs 70 %)", () => {
    const findings = zoneFindings({ zone: "back built-ins", kind: "built-ins", edgeRecall: 0.69, localRecall: 0.9, erasedRecall: 0.95 });
    expect(findings).toEqual([
      expect.objectContaining({ measure: "edgeRecall", verdict: "review", limit: STRUCTURE_THRESHOLDS.minBuiltInsEdgeRecall }),
    ]);
    expect(verdictOf(findings)).toBe("review");
    expect(technicalReason(findings[0])).toBe(
      "cabinet, counter or appliance lines lost on the back built-ins (kept 69 % of them, needs 70 %)",
    );
  });

  it("never refuses on lines or the floor, however far they go: pixels cannot tell art from a window or a rug from a floor", () => {
    const lines = zoneFindings({ zone: "upper back wall", kind: "wall", edgeRecall: 0, localRecall: 0, erasedRecall: 0 });
    const floor = zoneFindings({ zone: "floor", kind: "floor", floorVisible: 0, floorMaterialChanged: 1, floorLinesChanged: 1 });
    expect([...lines, ...floor].map((f) => f.verdict)).toEqual(Array(6).fill("review"));
  });

  it("refuses a repaint only beyond its refusal limit, and asks a person between that and its limit", () => {
    const at = (repaint: number) => verdictOf(zoneFindings({ zone: "upper back wall", kind: "wall", repaint }));
    expect([
      at(STRUCTURE_THRESHOLDS.maxRepaint - 0.01),
      at(STRUCTURE_THRESHOLDS.maxRepaint + 0.01),
      at(REFUSAL_LIMITS.repaint! - 0.01),
      at(REFUSAL_LIMITS.repaint! + 0.01),
    ]).toEqual(["pass", "review", "review", "fail"]);
  });

  it("does not judge what staging may do: a wall band mostly covered by what it hung there", () => {
    expect(zoneFindings({ zone: "upper right wall", kind: "wall", changed: 0.85, repaint: 0 })).toEqual([]);
  });

  it("says in one plain sentence what to look at, refusals first", () => {
    const floor = zoneFindings({ zone: "floor", kind: "floor", floorVisible: 0.02 });
    expect(summaryOf("review", floor)).toBe(
      "Check this: most of the floor is covered or changed (2 % left as it was): rugs and furniture, or a new floor.",
    );
    expect(summaryOf("pass", [])).toBe("The room's walls, windows, floor and fixtures look as in the photo.");
  });
});
