/**
 * Redesign through a Replicate image-to-image model. Inputs follow the
 * adirik/interior-design schema (image, prompt, negative_prompt, prompt_strength), the
 * ControlNet interior model this adapter was written for; another model with the same
 * input names works unchanged.
 */
import type { RedesignProvider } from "@/server/providers/types";
import { toDataUrl } from "./http";
import { runPrediction, type ReplicateConfig } from "./predictions";
import { NEGATIVE_PROMPT, redesignPrompt } from "./prompts";

export function replicateRedesignProvider(config: ReplicateConfig, model: string): RedesignProvider {
  return {
    name: "replicate",
    async redesign(source, params, signal) {
      const run = await runPrediction(
        config,
        model,
        {
          image: toDataUrl(source),
          prompt: redesignPrompt(params),
          negative_prompt: NEGATIVE_PROMPT,
          // How far the model may move from the photo: the service's intensity means the same.
          prompt_strength: params.intensity,
        },
        { signal },
      );
      return {
        provider: "replicate",
        model,
        statusUrl: run.prediction.urls.get,
        outputs: run.outputs,
        providerOutputUrls: run.outputUrls,
      };
    },
  };
}
