/**
 * Masked inpainting through FLUX Fill Pro class models on Replicate (`image`, `mask`
 * white = change, `prompt`, `steps`, `guidance`, `output_format`). The model works at
 * its own resolution (a few MP), so the image and mask go as ≤ 4 MP copies and the
 * answer is composited back onto the full-resolution original: pixels outside the mask
 * are the original's, unchanged.
 */
import "server-only";
import type { InpaintProvider } from "@/server/providers/types";
import { compositeInsideMask, maskAt, prepareImage, type ImageLimits } from "../hosted/prepare-image";
import { fileInput } from "./files";
import { runPrediction, type ReplicateConfig } from "./predictions";
import { inpaintPrompt } from "./prompts";

const FILL_IMAGE: ImageLimits = { format: "jpeg", maxBytes: 10_000_000, maxPixels: 4_000_000 };

export function replicateInpaintProvider(config: ReplicateConfig, model: string): InpaintProvider {
  return {
    name: "replicate",
    async inpaint(image, mask, params, signal) {
      const run = await runPrediction(
        config,
        model,
        async (ctx) => {
          const small = await prepareImage(image.bytes, FILL_IMAGE);
          // The mask is scaled to exactly the image copy's size so the model reads it pixel for pixel.
          const smallMask = await maskAt(mask.bytes, small.width, small.height);
          return {
            image: await fileInput(ctx, config, small),
            mask: await fileInput(ctx, config, smallMask),
            prompt: inpaintPrompt(params),
            steps: 50,
            guidance: params.inpaintingType === "remove" ? 30 : 3 + params.intensity * 30,
            output_format: "png",
            safety_tolerance: 2,
            prompt_upsampling: false,
          };
        },
        { signal, workKey: params.workKey },
      );
      return {
        provider: "replicate",
        model,
        statusUrl: run.prediction.urls.get,
        outputs: [await compositeInsideMask(image.bytes, mask.bytes, run.outputs[0].bytes)],
        providerOutputUrls: run.outputUrls,
      };
    },
  };
}
