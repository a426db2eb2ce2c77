/**
 * Inpainting through a Replicate model with the stability-ai/stable-diffusion-inpainting
 * input schema (image, mask white where the picture changes, prompt, negative_prompt).
 */
import type { InpaintProvider } from "@/server/providers/types";
import { toDataUrl } from "./http";
import { runPrediction, type ReplicateConfig } from "./predictions";
import { NEGATIVE_PROMPT, inpaintPrompt } from "./prompts";

export function replicateInpaintProvider(config: ReplicateConfig, model: string): InpaintProvider {
  return {
    name: "replicate",
    async inpaint(image, mask, params, signal) {
      const run = await runPrediction(
        config,
        model,
        {
          image: toDataUrl(image),
          mask: toDataUrl(mask),
          prompt: inpaintPrompt(params),
          negative_prompt: NEGATIVE_PROMPT,
          num_outputs: 1,
        },
        { signal },
      );
      return {
        provider: "replicate",
        model,
        statusUrl: run.prediction.urls.get,
        // Inpainting models answer one image per requested output; we asked for one.
        outputs: run.outputs.slice(0, 1),
        providerOutputUrls: run.outputUrls,
      };
    },
  };
}
