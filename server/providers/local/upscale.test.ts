import { describe, expect, it } from "vitest";
import { sharp } from "@/server/images/sharp";
import { syntheticRoom } from "@/test/synthetic-room";
import { localUpscaleProvider, upscaledSize } from "./upscale";

describe("local upscale", () => {
  it("doubles width and height as JPEG", async () => {
    const bytes = await syntheticRoom({ format: "jpeg" });
    const result = await localUpscaleProvider.upscale({ bytes, contentType: "image/jpeg" }, { maxLongSide: 8192 });
    expect(result.statusUrl).toMatch(/^local:\/\/upscale\//);
    expect(result.outputs[0].contentType).toBe("image/jpeg");
    const meta = await sharp(result.outputs[0].bytes).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(["jpeg", 512, 384]);
  });

  it("caps the long side and keeps the aspect ratio", async () => {
    const bytes = await syntheticRoom({ format: "jpeg" });
    const result = await localUpscaleProvider.upscale({ bytes, contentType: "image/jpeg" }, { maxLongSide: 400 });
    const meta = await sharp(result.outputs[0].bytes).metadata();
    expect([meta.width, meta.height]).toEqual([400, 300]);
    expect(upscaledSize(5000, 2500, 8192)).toEqual({ width: 8192, height: 4096 });
    expect(upscaledSize(1000, 3000, 8192)).toEqual({ width: 2000, height: 6000 });
  });

  it("keeps PNG transparency and applies EXIF orientation", async () => {
    const transparent = await sharp({ create: { width: 40, height: 30, channels: 4, background: { r: 200, g: 10, b: 10, alpha: 0.5 } } })
      .png()
      .toBuffer();
    const png = await localUpscaleProvider.upscale({ bytes: transparent, contentType: "image/png" }, { maxLongSide: 8192 });
    const pngMeta = await sharp(png.outputs[0].bytes).metadata();
    expect([png.outputs[0].contentType, pngMeta.width, pngMeta.height, pngMeta.hasAlpha]).toEqual(["image/png", 80, 60, true]);

    const rotated = await sharp(await syntheticRoom({ format: "jpeg" }))
      .withMetadata({ orientation: 6 })
      .jpeg()
      .toBuffer();
    const upright = await localUpscaleProvider.upscale({ bytes: rotated, contentType: "image/jpeg" }, { maxLongSide: 8192 });
    const meta = await sharp(upright.outputs[0].bytes).metadata();
    expect([meta.width, meta.height, meta.orientation ?? 1]).toEqual([384, 512, 1]);
  });
});
