import { describe, expect, it } from "vitest";
import { localRedesignProvider } from "@/server/providers/local/redesign";
import type { RedesignType } from "@/shared/vocabulary";
import { sharp } from "./sharp";
import { checkStructure, needsStructureCheck } from "./structure-check";
import { syntheticRoom } from "@/test/synthetic-room";

const W = 320, H = 240;

/** The same pixels with fresh grain, as a model that re-synthesises the whole image gives back. */
async function withGrain(image: Buffer, seed: number): Promise<Buffer> {
  const { data, info } = await sharp(image).raw().toBuffer({ resolveWithObject: true });
  let state = seed;
  const random = () => ((state = (state * 1664525 + 1013904223) >>> 0) / 2 ** 32);
  for (let i = 0; i < data.length; i++) data[i] = Math.max(0, Math.min(255, data[i] + Math.round((random() - 0.5) * 24)));
  return sharp(data, { raw: { width: info.width, height: info.height, channels: info.channels } }).jpeg({ quality: 88 }).toBuffer();
}

function failedZones(check: Awaited<ReturnType<typeof checkStructure>>) {
  return check.zones.filter((z) => z.failure).map((z) => `${z.zone}: ${z.failure}`);
}

describe("checkStructure", () => {
  it("refuses a window painted out", async () => {
    const room = await syntheticRoom({ width: W, height: H, format: "jpeg" });
    // The window (x 0.12..0.28, y 0.2..0.48 of the frame) covered with the wall's own colour.
    const window = { left: Math.round(W * 0.12) - 2, top: Math.round(H * 0.2) - 2, width: Math.round(W * 0.16) + 4, height: Math.round(H * 0.28) + 4 };
    const painted = await sharp(room)
      .composite([{ input: { create: { width: window.width, height: window.height, channels: 3, background: "#c8c0b0" } }, left: window.left, top: window.top }])
      .jpeg({ quality: 90 })
      .toBuffer();
    const check = await checkStructure(room, painted);
    expect(check.verdict).toBe("fail");
    expect(failedZones(check)).toContain("upper left wall: structure_lost");
    expect(check.reason).toMatch(/lines lost on the upper left wall/);
  });

  it("refuses a window moved along the wall", async () => {
    const room = await syntheticRoom({ width: W, height: H, format: "jpeg" });
    const moved = await syntheticRoom({ width: W, height: H, format: "jpeg", shift: 0.4 });
    const check = await checkStructure(room, moved);
    expect(check.verdict).toBe("fail");
    expect(failedZones(check)).toContain("upper left wall: structure_lost");
  });

  it("refuses a wall recoloured, also with furniture added", async () => {
    const room = await syntheticRoom({ width: W, height: H, format: "jpeg" });
    const blue = await syntheticRoom({ width: W, height: H, wall: "#5b7fa8", box: true, format: "jpeg" });
    const check = await checkStructure(room, blue);
    expect(check.verdict).toBe("fail");
    expect(failedZones(check)).toContain("upper back wall: recoloured");
    // Edges are all still there: it is the colour that refuses it.
    expect(check.zones.every((z) => z.edgeRecall === null || z.edgeRecall > 0.9)).toBe(true);
  });

  it("passes furniture added on the floor, also re-graded and re-synthesised with new grain", async () => {
    const room = await syntheticRoom({ width: W, height: H, format: "jpeg" });
    const furnished = await syntheticRoom({ width: W, height: H, box: true, format: "jpeg" });
    expect((await checkStructure(room, furnished)).verdict).toBe("pass");

    const graded = await sharp(furnished).linear(1.15, -10).modulate({ saturation: 1.3 }).jpeg().toBuffer();
    const gradedCheck = await checkStructure(room, graded);
    expect(gradedCheck.verdict, gradedCheck.reason).toBe("pass");

    const check = await checkStructure(await withGrain(room, 1), await withGrain(furnished, 2));
    expect(check.verdict, check.reason).toBe("pass");
  });

  it("passes a frame nudged by 2 px", async () => {
    const room = await syntheticRoom({ width: W, height: H, box: true, format: "jpeg" });
    const nudged = await sharp(room).extend({ left: 2, top: 1, background: "#c8c0b0" }).extract({ left: 0, top: 0, width: W, height: H }).jpeg().toBuffer();
    expect((await checkStructure(room, nudged)).verdict).toBe("pass");
  });

  it("passes the local provider's own outputs of every checked type", async () => {
    const room = await syntheticRoom({ width: W, height: H, box: true, format: "jpeg" });
    const types: RedesignType[] = ["staging", "redecorate", "render", "declutter"];
    for (const type of types) {
      expect(needsStructureCheck({ type, environment: "interior" })).toBe(true);
      for (const style of ["bohemian", "industrial"]) {
        const result = await localRedesignProvider.redesign(
          { bytes: room, contentType: "image/jpeg" },
          { type, roomType: "living_room", style, color: null, intensity: 1, environment: "interior", maskPrompt: null, inspiration: null, styleReference: null, variant: 3 },
        );
        const check = await checkStructure(room, result.outputs[0].bytes);
        expect(check.verdict, `${type} ${style}: ${check.reason}`).toBe("pass");
      }
    }
    expect(needsStructureCheck({ type: "color_change", environment: "interior" })).toBe(false);
    expect(needsStructureCheck({ type: "staging", environment: "exterior" })).toBe(false);
  });
});
