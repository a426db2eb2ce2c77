/**
 * Upscaling on Replicate to twice the width and height (long side capped). The default
 * `topazlabs/image-upscale` (`image`, `upscale_factor`, `enhance_model`, `output_format`)
 * takes a 12 MP photo whole. Real-ESRGAN (`image`, `scale`, `face_enhance`, a community
 * model pinned by version) has no tiling and runs out of GPU memory near 12 MP, so it is
 * sent a copy of at most 2 MP. Either answer is resized to exactly the target size.
 */
import "server-only";
import { sharp } from "@/server/images/sharp";
import type { UpscaleProvider } from "@/server/providers/types";
import { prepareImage, uprightSize } from "../hosted/prepare-image";
import { fileInput } from "./files";
import { runPrediction, type ReplicateConfig } from "./predictions";

/** Real-ESRGAN's safe input size on Replicate's GPUs (it fails near 12 MP). */
const ESRGAN_MAX_INPUT_PIXELS = 2_000_000;

export function replicateUpscaleProvider(config: ReplicateConfig, model: string): UpscaleProvider {
  const esrgan = /real-esrgan/i.test(model);
  return {
    name: "replicate",
    async upscale(image, { maxLongSide, workKey }, signal) {
      const { width, height } = await uprightSize(image.bytes);
      const scale = Math.min(2, maxLongSide / Math.max(width, height));
      const target = { width: Math.round(width * scale), height: Math.round(height * scale) };
      const run = await runPrediction(
        config,
        model,
        async (ctx) => {
          const input = await prepareImage(image.bytes, {
            format: "jpeg",
            maxBytes: 50_000_000,
            maxPixels: esrgan ? ESRGAN_MAX_INPUT_PIXELS : width * height,
          });
          const url = await fileInput(ctx, config, input);
          if (esrgan) return { image: url, scale: Math.min(4, Math.max(1, Math.ceil(target.width / input.width))), face_enhance: false };
          return { image: url, upscale_factor: "2x", enhance_model: "Standard V2", output_format: "jpg" };
        },
        { signal, workKey },
      );
      const bytes = await sharp(run.outputs[0].bytes)
        .resize(target.width, target.height, { fit: "fill", kernel: "lanczos3" })
        .jpeg({ quality: 92 })
        .toBuffer();
      return {
        provider: "replicate",
        model,
        statusUrl: run.prediction.urls.get,
        outputs: [{ bytes, contentType: "image/jpeg" }],
        providerOutputUrls: run.outputUrls,
      };
    },
  };
}
