import { describe, expect, it } from "vitest";
import type { RedesignParams } from "@/server/providers/types";
import { redesignPrompt } from "./prompts";

const params: RedesignParams = { type: "declutter", roomType: "living_room", style: null, color: null, intensity: 0.6, environment: "interior", maskPrompt: null, inspiration: null, styleReference: null, variant: 1 };

describe("redesignPrompt", () => {
  it("asks a declutter to leave what hangs on the walls, which the structure check cannot tell from a window or a light erased", () => {
    const prompt = redesignPrompt(params);
    expect(prompt).toMatch(/^Remove the clutter, personal items and movable furniture standing on the floor and on surfaces of this living room/);
    expect(prompt).toMatch(/Leave what hangs on the walls \(pictures, mirrors, wall lights, shelves\) where it is\./);
    expect(prompt).toMatch(/Keep the walls, wall colour, floor, ceiling, windows, doors/);
  });
});
