import { describe, expect, it } from "vitest";
import { keptRegions, placeOf, summariseMask } from "./kept-areas";
import { sharp } from "./sharp";
import { keepMaskPng } from "@/test/keep-masks";

describe("masks", () => {
  it("reads what a mask keeps and where, in words a model follows", async () => {
    const mask = await keepMaskPng(800, 600, [
      [0.05, 0.05, 0.25, 0.5],
      [0.7, 0.6, 0.95, 0.95],
    ]);
    expect(await summariseMask(mask)).toMatchObject({ width: 800, height: 600, keptShare: expect.closeTo(0.2 * 0.45 + 0.25 * 0.35, 2) });
    const regions = await keptRegions(mask);
    expect(regions).toHaveLength(2);
    expect(regions.map(placeOf)).toEqual(["upper left", "lower right"]);
    expect(regions[0]).toMatchObject({ x: expect.closeTo(0.05, 1), width: expect.closeTo(0.2, 1) });
  });

  it("keeps only what is painted on a transparent mask", async () => {
    const painted = await sharp({ create: { width: 100, height: 80, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } } })
      .composite([
        { input: { create: { width: 40, height: 30, channels: 4, background: { r: 255, g: 255, b: 255, alpha: 1 } } }, left: 10, top: 10 },
      ])
      .png()
      .toBuffer();
    expect((await summariseMask(painted)).keptShare).toBeCloseTo(0.15, 2);
  });
});
