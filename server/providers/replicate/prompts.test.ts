import { describe, expect, it } from "vitest";
import type { RedesignParams } from "@/server/providers/types";
import { redesignPrompt, referencePrompt } from "./prompts";
import { LIVING_ROOM_STAGING } from "@/test/redesign-params";

const params: RedesignParams = { ...LIVING_ROOM_STAGING, type: "declutter", style: null, variant: 1 };

describe("redesignPrompt", () => {
  it("asks a declutter to leave what hangs on the walls, which the structure check cannot tell from a window or a light erased", () => {
    const prompt = redesignPrompt(params);
    expect(prompt).toMatch(
      /^Remove the clutter, personal items and movable furniture standing on the floor and on surfaces of this living room/,
    );
    expect(prompt).toMatch(/Leave what hangs on the walls \(pictures, mirrors, wall lights, shelves\) where it is\./);
    expect(prompt).toMatch(/Keep the walls, wall colour, floor, ceiling, windows, doors/);
  });
});

describe("kept areas in the prompt (D17)", () => {
  const kept = [
    { x: 0.05, y: 0.1, width: 0.2, height: 0.4, share: 0.08 },
    { x: 0.7, y: 0.1, width: 0.2, height: 0.4, share: 0.08 },
  ];

  it("tells the model where the kept areas are and to leave them clear, for every type and for a multi-view sibling", () => {
    for (const type of ["staging", "redecorate", "declutter", "render", "color_change"] as const) {
      expect(redesignPrompt({ ...params, type, style: "modern", keptAreas: kept })).toMatch(
        /The areas at the upper left and upper right of the photo are kept exactly from the original and restored from it afterwards: leave them unchanged and fully visible, with no furniture, plants, rugs or decor in front of them\./,
      );
    }
    expect(referencePrompt({ ...params, type: "staging", style: "modern", keptAreas: [kept[0]] }, true)).toMatch(
      /The area at the upper left of the photo is kept exactly/,
    );
  });

  it("says nothing of kept areas when none are kept", () => {
    expect(redesignPrompt({ ...params, keptAreas: null })).not.toMatch(/kept exactly/);
    expect(redesignPrompt({ ...params, keptAreas: [] })).not.toMatch(/kept exactly/);
  });
});
