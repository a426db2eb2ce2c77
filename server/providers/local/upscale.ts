/**
 * The local upscaler: lanczos3 resampling to twice the width and height (the long side
 * capped at `maxLongSide`, aspect kept), then a light 3×3 sharpen. ESRGAN models on npm
 * (UpscalerJS on the tfjs WASM backend) were measured on this machine at 10 s for a
 * 512×384 input and many minutes for 12 MP, with marginal gain over lanczos + sharpen
 * (docs/providers.md, bench/esrgan/README.md), so they are not used. 3 MP → 12 MP takes ~0.8 s.
 */
import "server-only";
import { sharp } from "@/server/images/sharp";
import { ProviderError, type ImageFile, type ProviderResult, type UpscaleProvider } from "../types";
import { localStatusUrl } from "./status-url";

// Unit-gain kernel; a quarter of the classic 4-neighbour sharpen, enough to undo the
// softness of interpolation without halos.
const SHARPEN = { width: 3, height: 3, kernel: [0, -0.25, 0, -0.25, 2, -0.25, 0, -0.25, 0] };

/** Output size: twice the upright input, scaled down as a whole if the long side would pass `maxLongSide`. */
export function upscaledSize(width: number, height: number, maxLongSide: number): { width: number; height: number } {
  const factor = Math.min(2, maxLongSide / Math.max(width, height));
  return { width: Math.max(1, Math.round(width * factor)), height: Math.max(1, Math.round(height * factor)) };
}

export const localUpscaleProvider: UpscaleProvider = {
  name: "local",
  async upscale(image: ImageFile, options: { maxLongSide: number }, signal?: AbortSignal): Promise<ProviderResult> {
    signal?.throwIfAborted();
    let metadata;
    try {
      metadata = await sharp(image.bytes).metadata();
    } catch (cause) {
      throw new ProviderError("The image could not be decoded.", { transient: false, cause });
    }
    const size = upscaledSize(metadata.autoOrient.width, metadata.autoOrient.height, options.maxLongSide);
    const keepAlpha = metadata.format === "png" && metadata.hasAlpha;
    const pipeline = sharp(image.bytes).rotate().resize(size.width, size.height, { fit: "fill", kernel: "lanczos3" }).convolve(SHARPEN);
    const bytes = keepAlpha
      ? await pipeline.png().toBuffer()
      : await pipeline.flatten({ background: "#ffffff" }).jpeg({ quality: 90 }).toBuffer();
    signal?.throwIfAborted();
    return {
      provider: "local",
      statusUrl: localStatusUrl("upscale"),
      outputs: [{ bytes, contentType: keepAlpha ? "image/png" : "image/jpeg" }],
    };
  },
};
