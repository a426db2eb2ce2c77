import { describe, expect, it } from "vitest";
import { localRedesignProvider } from "@/server/providers/local/redesign";
import type { RedesignParams } from "@/server/providers/types";
import { GATE_THRESHOLDS, scoreSibling } from "./compare";
import { syntheticOutdoor, syntheticRoom } from "@/test/synthetic-room";

const STAGING: RedesignParams = {
  type: "staging",
  roomType: "living_room",
  style: "bohemian",
  color: null,
  intensity: 0.8,
  environment: "interior",
  maskPrompt: null,
  inspiration: null,
  styleReference: null,
  variant: 0,
};

async function stage(bytes: Buffer, extra: Partial<RedesignParams> = {}) {
  return (await localRedesignProvider.redesign({ bytes, contentType: "image/jpeg" }, { ...STAGING, ...extra })).outputs[0].bytes;
}

describe("scoreSibling (multi-view gate)", () => {
  it("passes a second view of the same room graded with the anchor as reference", async () => {
    const anchorSource = await syntheticRoom({ box: true, format: "jpeg" });
    const siblingSource = await syntheticRoom({ box: true, shift: 0.2, format: "jpeg" });
    const anchorOutput = await stage(anchorSource);
    const siblingOutput = await stage(siblingSource, { styleReference: anchorOutput, variant: 1 });
    const result = await scoreSibling({ anchorOutput, siblingOutput, siblingSource });
    expect(result.verdict).toBe("pass");
    expect(result.style).toBeGreaterThanOrEqual(GATE_THRESHOLDS.style);
    expect(result.structure).toBeGreaterThanOrEqual(GATE_THRESHOLDS.structure);
    expect(result.score).toBeCloseTo((result.style + result.structure) / 2, 10);
  });

  it("fails an output that is a different scene", async () => {
    const anchorOutput = await stage(await syntheticRoom({ box: true, format: "jpeg" }));
    const siblingSource = await syntheticRoom({ box: true, shift: 0.2, format: "jpeg" });
    const result = await scoreSibling({ anchorOutput, siblingOutput: await syntheticOutdoor(), siblingSource });
    expect(result.verdict).toBe("fail");
    expect(result.style).toBeLessThan(GATE_THRESHOLDS.style);
    expect(result.structure).toBeLessThan(GATE_THRESHOLDS.structure);
  });

  it("fails a sibling in wildly different colours even with the room's layout", async () => {
    const anchorOutput = await stage(await syntheticRoom({ box: true, format: "jpeg" }));
    const siblingSource = await syntheticRoom({ box: true, shift: 0.2, format: "jpeg" });
    const garish = await syntheticRoom({ box: true, shift: 0.2, wall: "#1030c0", floor: "#10a040", format: "jpeg" });
    const result = await scoreSibling({ anchorOutput, siblingOutput: garish, siblingSource });
    expect(result.style).toBeLessThan(GATE_THRESHOLDS.style);
    expect(result.verdict).toBe("fail");
  });
});
