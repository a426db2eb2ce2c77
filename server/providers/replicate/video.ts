/**
 * Image-to-video through Kling v2.1 on Replicate (`kwaivgi/kling-v2.1`: `start_image`,
 * `end_image` which needs `mode: "pro"`, `duration` 5 or 10, `prompt`,
 * `negative_prompt`). Frames go as JPEGs within Kling's limits (≤ 10 MB, aspect 1:2.5 to
 * 2.5:1) passed as URLs. Progress is read from the model's progress-bar logs.
 */
import "server-only";
import type { VideoProvider } from "@/server/providers/types";
import { KLING_FRAME } from "../kling/frames";
import { prepareImage } from "../hosted/prepare-image";
import { fileInput } from "./files";
import { runPrediction, type Prediction, type ReplicateConfig } from "./predictions";
import { NEGATIVE_PROMPT, videoPrompt } from "./prompts";

export function replicateVideoProvider(config: ReplicateConfig, model: string): VideoProvider {
  return {
    name: "replicate",
    async video(params, signal) {
      const run = await runPrediction(
        config,
        model,
        async (ctx) => {
          const input: Record<string, unknown> = {
            start_image: await fileInput(ctx, config, await prepareImage(params.image, KLING_FRAME)),
            prompt: videoPrompt(params.mode),
            negative_prompt: NEGATIVE_PROMPT,
            duration: params.durationSeconds,
            mode: "standard",
          };
          if (params.tail) {
            input.end_image = await fileInput(ctx, config, await prepareImage(params.tail, KLING_FRAME));
            // kling-v2.1 honours end_image only in pro mode.
            input.mode = "pro";
          }
          return input;
        },
        { signal, workKey: params.workKey, onUpdate: (prediction) => params.onProgress?.(progressOf(prediction)) },
      );
      await params.onProgress?.(100);
      return {
        provider: "replicate",
        model,
        statusUrl: run.prediction.urls.get,
        outputs: run.outputs.slice(0, 1),
        providerOutputUrls: run.outputUrls,
      };
    },
  };
}

/** The last tqdm-style "NN%" in the logs, kept below 100 until the video is downloaded. */
export function progressOf(prediction: Prediction): number {
  const percents = [...(prediction.logs ?? "").matchAll(/(\d{1,3})%/g)].map((match) => Number(match[1]));
  const last = percents.at(-1) ?? (prediction.status === "processing" ? 5 : 0);
  return Math.min(95, Math.max(0, last));
}
