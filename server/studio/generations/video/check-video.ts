/** One poll of a video (GET /video): progress while rendering, the file once done. */
import "server-only";
import type { AtriumClient } from "@atrium/sdk";
import { burnVideoLabel } from "@/server/media/burn-video-label";
import { sharp } from "@/server/images/sharp";
import { pillSvg } from "../../exports/disclosure-label";
import type { StudioContext } from "../../context";
import { recordRefund } from "../../usage/record-usage";
import { generationKeyPrefix, importOutput } from "../import-output";
import { pollGeneration, type PolledGeneration, type PollOutcome } from "../poll-outcome";
import { failGeneration, loadOutputs, updateGeneration, updateOutput } from "../records";
import { reportedFailure } from "../v1-failure";
import { alteredFrames, type AlteredFrames } from "./altered-frames";

type VideoEnvelope = Awaited<ReturnType<AtriumClient["getVideo"]>>;

export async function checkVideo(ctx: StudioContext, generationId: string): Promise<PollOutcome> {
  return pollGeneration(
    ctx,
    generationId,
    (client, jobId) => client.getVideo(jobId),
    (envelope, generation) => followVideo(ctx, generation, envelope),
  );
}

async function followVideo(ctx: StudioContext, generation: PolledGeneration, envelope: VideoEnvelope): Promise<PollOutcome> {
  const generationId = generation.id;
  if (envelope.status === "failed") {
    // A failed video is refunded by the service (D4).
    await recordRefund(ctx, { operation: "video", serviceJobId: generation.serviceJobId });
    await failGeneration(ctx, generationId, reportedFailure(envelope.error));
    return { done: true, value: "failed" };
  }
  const result = envelope.result;
  if (envelope.status === "processing" || !result?.video_url) {
    const progress = Math.round(result?.progress ?? 0);
    if (progress !== generation.progress) await updateGeneration(ctx, generationId, { progress });
    return { done: false };
  }
  const stored = await importOutput(ctx, { url: result.video_url, keyStem: `${generationKeyPrefix(generation)}video` });
  const [output] = await loadOutputs(ctx, generationId);
  // Frames that show a staged or edited result carry its label, burned in (altered-frames.ts).
  const frames = await alteredFrames(ctx, {
    workspaceId: generation.workspaceId,
    params: generation.params,
    provider: output?.provider ?? null,
  });
  if (frames) await labelFrames(ctx, stored.storageKey, frames);
  await updateOutput(ctx, { generationId, role: "video", position: 0 }, { status: "completed", ...stored });
  await updateGeneration(ctx, generationId, { status: "completed", progress: 100, result: frames ? { frames } : null });
  return { done: true, value: "completed" };
}

/** The stored video with the label's pill burned into its altered frames, bottom-left as on labelled photos. */
async function labelFrames(ctx: StudioContext, key: string, frames: AlteredFrames): Promise<void> {
  const blob = await ctx.storage.get(key);
  if (!blob) throw new Error(`video ${key} is missing from storage`);
  const labelled = await burnVideoLabel(
    blob.bytes,
    async ({ width, height }) => {
      const fontSize = Math.max(14, Math.round(Math.min(width, height * 1.5) * 0.035));
      const margin = Math.round(fontSize * 0.8);
      const pill = pillSvg(frames.label, fontSize, width - margin * 2);
      return { png: await sharp(Buffer.from(pill.svg)).png().toBuffer(), x: margin, y: height - pill.height - margin };
    },
    frames.windows,
  );
  await ctx.storage.put(key, labelled, blob.contentType);
}
