/**
 * Image-to-video through a Replicate video model with the kwaivgi/kling-v2.1 input schema
 * (start_image, end_image + mode "pro" for before_after, prompt, duration in seconds). Progress is
 * read from the model's progress-bar logs while the prediction runs.
 */
import type { VideoProvider } from "@/server/providers/types";
import { sniffContentType, toDataUrl } from "./http";
import { runPrediction, type Prediction, type ReplicateConfig } from "./predictions";
import { videoPrompt } from "./prompts";

export function replicateVideoProvider(config: ReplicateConfig, model: string): VideoProvider {
  return {
    name: "replicate",
    async video(params, signal) {
      const input: Record<string, unknown> = {
        start_image: imageDataUrl(params.image),
        prompt: videoPrompt(params.mode),
        duration: params.durationSeconds,
      };
      if (params.tail) {
        input.end_image = imageDataUrl(params.tail);
        // kling-v2.1 honours end_image only in pro mode.
        input.mode = "pro";
      }
      const run = await runPrediction(config, model, input, {
        signal,
        onUpdate: (prediction) => params.onProgress?.(progressOf(prediction)),
      });
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

function imageDataUrl(bytes: Buffer): string {
  return toDataUrl({ bytes, contentType: sniffContentType(bytes) ?? "image/jpeg" });
}
