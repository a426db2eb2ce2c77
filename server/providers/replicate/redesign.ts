/**
 * Redesign through Replicate's instruction-editing models, which keep the room and change
 * what the prompt says. One photo: `REPLICATE_MODEL_REDESIGN` (FLUX Kontext Pro:
 * `input_image`, `aspect_ratio: match_input_image`). Several references (a multi-view
 * sibling with the anchor's staged output, or an inspiration image):
 * `REPLICATE_MODEL_MULTIVIEW` (nano-banana: `image_input[]`; FLUX 2: `input_images[]`).
 * Inputs are re-encoded JPEGs of at most 4 MP passed as URLs; the output is brought back
 * to the source's exact size.
 */
import "server-only";
import type { RedesignParams, RedesignProvider } from "@/server/providers/types";
import { fitToSource, prepareImage, uprightSize, type ImageLimits } from "../hosted/prepare-image";
import { fileInput } from "./files";
import { runPrediction, type ReplicateConfig } from "./predictions";
import { redesignPrompt, referencePrompt } from "./prompts";

const EDIT_INPUT: ImageLimits = { format: "jpeg", maxBytes: 10_000_000, maxPixels: 4_000_000 };

export function replicateRedesignProvider(config: ReplicateConfig, models: { single: string; multi: string }): RedesignProvider {
  return {
    name: "replicate",
    async redesign(source, params, signal) {
      const size = await uprightSize(source.bytes);
      const references = [params.styleReference, params.inspiration].filter((image): image is Buffer => image !== null);
      const model = references.length > 0 ? models.multi : models.single;
      const run = await runPrediction(
        config,
        model,
        async (ctx) => {
          const photo = await fileInput(ctx, config, await prepareImage(source.bytes, EDIT_INPUT));
          if (references.length === 0) return { ...singleInput(params), input_image: photo };
          const images = [photo];
          for (const reference of references) images.push(await fileInput(ctx, config, await prepareImage(reference, EDIT_INPUT)));
          const field = model.startsWith("black-forest-labs/flux-2") ? "input_images" : "image_input";
          return {
            prompt: referencePrompt(params, params.styleReference !== null),
            [field]: images,
            aspect_ratio: "match_input_image",
            output_format: "jpg",
          };
        },
        { signal, workKey: params.workKey },
      );
      return {
        provider: "replicate",
        model,
        statusUrl: run.prediction.urls.get,
        outputs: [await fitToSource(run.outputs[0], size.width, size.height)],
        providerOutputUrls: run.outputUrls,
      };
    },
  };
}

function singleInput(params: RedesignParams): Record<string, unknown> {
  return {
    prompt: redesignPrompt(params),
    aspect_ratio: "match_input_image",
    output_format: "jpg",
    safety_tolerance: 2,
    prompt_upsampling: false,
    // A redo or another variation asks for a different image from the same instruction;
    // jobs that share a client seed (one listing) start from the same one.
    seed: (params.seed ?? 1000) + params.variant,
  };
}
