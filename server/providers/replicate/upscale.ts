/**
 * Upscaling through a Replicate super-resolution model with the nightmareai/real-esrgan
 * input schema (image, scale, face_enhance). The scale is chosen so the long side stays
 * within the cap; a model that rounds past it is brought back with Lanczos3.
 */
import sharp from "sharp";
import { ProviderError, type ImageFile, type UpscaleProvider } from "@/server/providers/types";
import { toDataUrl } from "./http";
import { runPrediction, type ReplicateConfig } from "./predictions";

export function replicateUpscaleProvider(config: ReplicateConfig, model: string): UpscaleProvider {
  return {
    name: "replicate",
    async upscale(image, { maxLongSide }, signal) {
      const { width, height } = await sharp(image.bytes).metadata();
      if (!width || !height) throw new ProviderError("The image to upscale has no dimensions.", { transient: false });
      const scale = Math.min(2, maxLongSide / Math.max(width, height));
      const run = await runPrediction(
        config,
        model,
        { image: toDataUrl(image), scale, face_enhance: false },
        { signal },
      );
      const outputs = await Promise.all(run.outputs.slice(0, 1).map((output) => capLongSide(output, maxLongSide)));
      return { provider: "replicate", model, statusUrl: run.prediction.urls.get, outputs, providerOutputUrls: run.outputUrls };
    },
  };
}

async function capLongSide(file: ImageFile, maxLongSide: number): Promise<ImageFile> {
  const { width = 0, height = 0 } = await sharp(file.bytes).metadata();
  if (Math.max(width, height) <= maxLongSide) return file;
  const bytes = await sharp(file.bytes)
    .resize({ width: maxLongSide, height: maxLongSide, fit: "inside", kernel: "lanczos3" })
    .toBuffer();
  return { bytes, contentType: file.contentType };
}
