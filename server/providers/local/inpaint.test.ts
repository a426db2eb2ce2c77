import { describe, expect, it } from "vitest";
import { sharp } from "@/server/images/sharp";
import { deltaE, meanRgb } from "@/test/pixel-stats";
import { roomBoxRect, syntheticRoom } from "@/test/synthetic-room";
import { ProviderError, type InpaintParams } from "../types";
import { localInpaintProvider } from "./inpaint";

const REMOVE: InpaintParams = { inpaintingType: "remove", renderType: "interior", style: null, roomType: null, intensity: 0.5 };

/** All channels (alpha included, for exactness) and an RGB view (for colour checks). */
async function rawOf(bytes: Buffer) {
  const { data, info } = await sharp(bytes).rotate().raw().toBuffer({ resolveWithObject: true });
  const rgb = await sharp(bytes).rotate().removeAlpha().raw().toBuffer();
  return { data, channels: info.channels, rgb: { width: info.width, height: info.height, data: rgb } };
}

/** A mask of half the image's size, white over the box (grown by 2 px there, 4 px here). */
async function halfSizeMask(rect: { x: number; y: number; width: number; height: number }) {
  const half = {
    left: Math.floor(rect.x / 2) - 2,
    top: Math.floor(rect.y / 2) - 2,
    width: Math.ceil(rect.width / 2) + 4,
    height: Math.ceil(rect.height / 2) + 4,
  };
  const bytes = await sharp({ create: { width: 128, height: 96, channels: 3, background: "#000000" } })
    .composite([
      { input: { create: { width: half.width, height: half.height, channels: 3, background: "#ffffff" } }, left: half.left, top: half.top },
    ])
    .png()
    .toBuffer();
  return { bytes, full: { x: half.left * 2, y: half.top * 2, width: half.width * 2, height: half.height * 2 } };
}

type Raw = Awaited<ReturnType<typeof rawOf>>;

/** Counts pixels differing in any channel outside `rect` grown by `margin`. */
function differingOutside(a: Raw, b: Raw, rect: { x: number; y: number; width: number; height: number }, margin: number): number {
  expect(b.channels).toBe(a.channels);
  const { width, height } = a.rgb;
  let differing = 0;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const inside = x >= rect.x - margin && x < rect.x + rect.width + margin && y >= rect.y - margin && y < rect.y + rect.height + margin;
      if (inside) continue;
      const i = (y * width + x) * a.channels;
      for (let c = 0; c < a.channels; c++) if (a.data[i + c] !== b.data[i + c]) differing++;
    }
  }
  return differing;
}

describe("local inpaint", () => {
  it("removes the masked object, keeps every other pixel exactly, takes a mask of another size", async () => {
    const source = await syntheticRoom({ box: true, format: "jpeg" });
    const mask = await halfSizeMask(roomBoxRect(256, 192));
    const result = await localInpaintProvider.inpaint(
      { bytes: source, contentType: "image/jpeg" },
      { bytes: mask.bytes, contentType: "image/png" },
      REMOVE,
    );
    expect(result.outputs[0].contentType).toBe("image/png");
    expect(result.statusUrl).toMatch(/^local:\/\/inpaint\//);
    const [input, output] = [await rawOf(source), await rawOf(result.outputs[0].bytes)];
    expect([output.rgb.width, output.rgb.height]).toEqual([256, 192]);
    // Scaling the mask may soften its border by a pixel; everything beyond must be exact.
    expect(differingOutside(input, output, mask.full, 1)).toBe(0);

    const asImage = (raw: Raw) => raw.rgb;
    const box = roomBoxRect(256, 192);
    const inner = { x: box.x + 4, y: box.y + 4, width: box.width - 8, height: box.height - 8 };
    const floorBeside = { x: mask.full.x - 36, y: box.y, width: 30, height: box.height };
    expect(deltaE(meanRgb(asImage(input), inner), meanRgb(asImage(input), floorBeside))).toBeGreaterThan(25);
    expect(deltaE(meanRgb(asImage(output), inner), meanRgb(asImage(output), floorBeside))).toBeLessThan(6);
  });

  it("replace fills the area styled, still exact outside the mask (PNG with alpha)", async () => {
    const source = await syntheticRoom({ box: true, format: "png" });
    const mask = await halfSizeMask(roomBoxRect(256, 192));
    const params: InpaintParams = { ...REMOVE, inpaintingType: "replace", style: "bohemian", intensity: 1 };
    const replaced = await localInpaintProvider.inpaint(
      { bytes: source, contentType: "image/png" },
      { bytes: mask.bytes, contentType: "image/png" },
      params,
    );
    const removed = await localInpaintProvider.inpaint(
      { bytes: source, contentType: "image/png" },
      { bytes: mask.bytes, contentType: "image/png" },
      REMOVE,
    );
    const [input, a, b] = [await rawOf(source), await rawOf(replaced.outputs[0].bytes), await rawOf(removed.outputs[0].bytes)];
    expect(input.channels).toBe(4);
    expect(differingOutside(input, a, mask.full, 1)).toBe(0);
    const box = roomBoxRect(256, 192);
    const inner = { x: box.x + 4, y: box.y + 4, width: box.width - 8, height: box.height - 8 };
    const mean = (raw: Raw) => meanRgb(raw.rgb, inner);
    expect(deltaE(mean(a), mean(b))).toBeGreaterThan(5);
  });

  it("refuses an all-black mask", async () => {
    const source = await syntheticRoom({ format: "jpeg" });
    const black = await sharp({ create: { width: 64, height: 48, channels: 3, background: "#000" } })
      .png()
      .toBuffer();
    await expect(
      localInpaintProvider.inpaint({ bytes: source, contentType: "image/jpeg" }, { bytes: black, contentType: "image/png" }, REMOVE),
    ).rejects.toBeInstanceOf(ProviderError);
  });
});
