import { describe, expect, it } from "vitest";
import { labStatsOf } from "@/server/images/color-transfer";
import { sharp } from "@/server/images/sharp";
import { decode, deltaE, fractionRect, labOf, meanAbsDiff, meanRgb } from "@/test/pixel-stats";
import { roomBoxRect, syntheticRoom } from "@/test/synthetic-room";
import { ProviderError, type RedesignParams } from "../types";
import { localRedesignProvider } from "./redesign";
import { LIVING_ROOM_STAGING } from "@/test/redesign-params";

async function run(bytes: Buffer, params: Partial<RedesignParams>) {
  const result = await localRedesignProvider.redesign({ bytes, contentType: "image/jpeg" }, { ...LIVING_ROOM_STAGING, ...params });
  expect(result.provider).toBe("local");
  expect(result.statusUrl).toMatch(/^local:\/\/redesign\/[0-9a-f-]{36}$/);
  expect(result.outputs).toHaveLength(1);
  expect(result.outputs[0].contentType).toBe("image/jpeg");
  return decode(result.outputs[0].bytes);
}

const warmth = (rgb: number[]) => rgb[0] - rgb[2];

describe("local redesign: color_change", () => {
  it("moves the walls to the paint colour, keeps their shading order, leaves the floor", async () => {
    const bytes = await syntheticRoom({ format: "jpeg" });
    const [input, output] = [await decode(bytes), await run(bytes, { type: "color_change", color: "#4a6fa5" })];
    expect([output.width, output.height]).toEqual([256, 192]);

    const wall = fractionRect(output, 0.5, 0.2, 0.4, 0.35);
    const target = labOf([0x4a, 0x6f, 0xa5]);
    const chromaDistance = (rgb: [number, number, number]) => Math.hypot(labOf(rgb)[1] - target[1], labOf(rgb)[2] - target[2]);
    expect(chromaDistance(meanRgb(output, wall))).toBeLessThan(8);
    expect(chromaDistance(meanRgb(input, wall))).toBeGreaterThan(30);

    const upperWall = fractionRect(output, 0.6, 0.15, 0.2, 0.05);
    const lowerWall = fractionRect(output, 0.6, 0.52, 0.2, 0.05);
    expect(labOf(meanRgb(input, upperWall))[0]).toBeGreaterThan(labOf(meanRgb(input, lowerWall))[0] + 5);
    expect(labOf(meanRgb(output, upperWall))[0]).toBeGreaterThan(labOf(meanRgb(output, lowerWall))[0] + 5);

    expect(meanAbsDiff(input, output, fractionRect(output, 0, 0.7, 1, 0.3))).toBeLessThan(3);
  });

  it("needs a colour", async () => {
    const bytes = await syntheticRoom({ format: "jpeg" });
    await expect(run(bytes, { type: "color_change", color: null })).rejects.toBeInstanceOf(ProviderError);
  });
});

describe("local redesign: declutter", () => {
  it("fills a dark box on the floor with floor", async () => {
    const bytes = await syntheticRoom({ box: true, format: "jpeg" });
    const [input, output] = [await decode(bytes), await run(bytes, { type: "declutter", style: null })];
    const box = roomBoxRect(256, 192);
    const inner = { x: box.x + 3, y: box.y + 3, width: box.width - 6, height: box.height - 6 };
    const floorBeside = { x: box.x - 40, y: box.y, width: 30, height: box.height };
    expect(deltaE(meanRgb(input, inner), meanRgb(input, floorBeside))).toBeGreaterThan(25);
    expect(deltaE(meanRgb(output, inner), meanRgb(output, floorBeside))).toBeLessThan(6);
    expect(meanAbsDiff(input, output, fractionRect(output, 0, 0.12, 1, 0.45))).toBeLessThan(1);
  });

  it("refuses an empty room instead of returning it unchanged", async () => {
    const bytes = await syntheticRoom({ format: "jpeg" });
    await expect(run(bytes, { type: "declutter" })).rejects.toThrow(/No furniture/);
  });
});

describe("local redesign: style previews", () => {
  it("grades toward the style: farmhouse warmer, coastal cooler, same size", async () => {
    const bytes = await syntheticRoom({ box: true, format: "jpeg" });
    const input = await decode(bytes);
    const whole = fractionRect(input, 0, 0, 1, 1);
    const farmhouse = await run(bytes, { style: "farmhouse", intensity: 1 });
    const coastal = await run(bytes, { style: "coastal", intensity: 1 });
    expect([farmhouse.width, farmhouse.height]).toEqual([256, 192]);
    expect(warmth(meanRgb(farmhouse, whole))).toBeGreaterThan(warmth(meanRgb(input, whole)) + 5);
    expect(warmth(meanRgb(coastal, whole))).toBeLessThan(warmth(meanRgb(input, whole)) - 5);
  });

  it("makes each variant differ, and intensity scales the change", async () => {
    const bytes = await syntheticRoom({ box: true, format: "jpeg" });
    const input = await decode(bytes);
    const [first, second] = [await run(bytes, { variant: 0, style: "japandi" }), await run(bytes, { variant: 1, style: "japandi" })];
    expect(meanAbsDiff(first, second)).toBeGreaterThan(1.5);
    const faint = await run(bytes, { style: "industrial", intensity: 0.1 });
    const strong = await run(bytes, { style: "industrial", intensity: 1 });
    expect(meanAbsDiff(input, strong)).toBeGreaterThan(3 * meanAbsDiff(input, faint));
  });

  it("renders redecorate and render at the source size, differently from staging", async () => {
    const bytes = await syntheticRoom({ box: true, format: "jpeg" });
    const staging = await run(bytes, { style: "bohemian" });
    for (const type of ["redecorate", "render"] as const) {
      const output = await run(bytes, { type, style: "bohemian" });
      expect([output.width, output.height]).toEqual([256, 192]);
      expect(meanAbsDiff(staging, output)).toBeGreaterThan(2);
    }
  });

  it("applies EXIF orientation: a rotated JPEG comes out upright", async () => {
    // Stored 256x192, top half white; orientation 6 displays it turned 90° clockwise.
    const stored = await sharp({ create: { width: 256, height: 192, channels: 3, background: "#101010" } })
      .composite([{ input: { create: { width: 256, height: 96, channels: 3, background: "#f0f0f0" } }, top: 0, left: 0 }])
      .jpeg()
      .withMetadata({ orientation: 6 })
      .toBuffer();
    const output = await run(stored, { style: "minimalist", intensity: 0.3 });
    expect([output.width, output.height]).toEqual([192, 256]);
    const left = meanRgb(output, fractionRect(output, 0.05, 0.1, 0.3, 0.8));
    const right = meanRgb(output, fractionRect(output, 0.65, 0.1, 0.3, 0.8));
    expect(right[0]).toBeGreaterThan(left[0] + 100);
  });

  it("matches a style reference's colour statistics (multi-view siblings)", async () => {
    const anchorSource = await syntheticRoom({ box: true, format: "jpeg" });
    const reference = (
      await localRedesignProvider.redesign(
        { bytes: anchorSource, contentType: "image/jpeg" },
        { ...LIVING_ROOM_STAGING, style: "bohemian", intensity: 1 },
      )
    ).outputs[0].bytes;
    const sibling = await syntheticRoom({ box: true, shift: 0.2, wall: "#a8b8c8", format: "jpeg" });
    const free = await localRedesignProvider.redesign(
      { bytes: sibling, contentType: "image/jpeg" },
      { ...LIVING_ROOM_STAGING, style: "bohemian", intensity: 1 },
    );
    const matched = await localRedesignProvider.redesign(
      { bytes: sibling, contentType: "image/jpeg" },
      { ...LIVING_ROOM_STAGING, style: "bohemian", intensity: 1, styleReference: reference, variant: 1 },
    );
    const target = await labStatsOf(reference);
    const distance = async (bytes: Buffer) => {
      const stats = await labStatsOf(bytes);
      return Math.hypot(...stats.mean.map((m, c) => m - target.mean[c]));
    };
    expect(await distance(free.outputs[0].bytes)).toBeGreaterThan(4);
    expect(await distance(matched.outputs[0].bytes)).toBeLessThan(1.5);
  });
});
