import { describe, expect, it } from "vitest";
import { analyzeImage } from "./analyze";
import { parseHex } from "./color";
import { sharp } from "./sharp";
import { syntheticOutdoor, syntheticRoom } from "@/test/synthetic-room";

function solid(width: number, height: number, background: string) {
  return sharp({ create: { width, height, channels: 3, background } })
    .jpeg()
    .toBuffer();
}

describe("analyzeImage", () => {
  it("measures brightness: a dark image is darker than a light one", async () => {
    const dark = await analyzeImage(await solid(64, 48, "#202020"), 0);
    const light = await analyzeImage(await solid(64, 48, "#e0e0e0"), 1);
    expect(dark.brightness).toBeLessThan(0.2);
    expect(light.brightness).toBeGreaterThan(0.8);
    expect(dark.features).toContain("dim lighting");
    expect(light.features).toContain("bright");
    expect([dark.index, light.index]).toEqual([0, 1]);
  });

  it("finds red as the dominant colour of a mostly red image, largest first", async () => {
    const image = await sharp({ create: { width: 100, height: 100, channels: 3, background: "#d01010" } })
      .composite([{ input: { create: { width: 100, height: 25, channels: 3, background: "#1030d0" } }, top: 0, left: 0 }])
      .png()
      .toBuffer();
    const { dominant_colors } = await analyzeImage(image, 0);
    expect(dominant_colors.length).toBeGreaterThanOrEqual(2);
    expect(dominant_colors.length).toBeLessThanOrEqual(5);
    const [r, g, b] = parseHex(dominant_colors[0]);
    expect(r).toBeGreaterThan(170);
    expect(g + b).toBeLessThan(80);
    expect(parseHex(dominant_colors[1])[2]).toBeGreaterThan(150);
  });

  it("reports size and orientation after EXIF rotation", async () => {
    expect((await analyzeImage(await solid(80, 40, "#808080"), 0)).orientation).toBe("landscape");
    expect((await analyzeImage(await solid(40, 40, "#808080"), 0)).orientation).toBe("square");
    const rotated = await sharp(await solid(80, 40, "#808080"))
      .withMetadata({ orientation: 6 })
      .jpeg()
      .toBuffer();
    const analysis = await analyzeImage(rotated, 0);
    expect([analysis.width, analysis.height, analysis.orientation]).toEqual([40, 80, "portrait"]);
  });

  it("derives features from measurements and guesses a room type only when plainly outdoors", async () => {
    const warm = await analyzeImage(await solid(64, 48, "#c08050"), 0);
    expect(warm.features).toContain("warm tones");
    expect(warm.features).not.toContain("cool tones");
    const grey = await analyzeImage(await solid(64, 48, "#909090"), 0);
    expect(grey.features).toContain("neutral palette");
    expect(grey.features).toContain("soft contrast");

    const room = await analyzeImage(await syntheticRoom({ box: true }), 0);
    expect(room.room_type).toBeNull();
    expect(room.features).toContain("natural light");
    expect((await analyzeImage(await syntheticOutdoor(), 0)).room_type).toBe("patio");
  });
});
