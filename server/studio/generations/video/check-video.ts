/** One poll of a video (GET /video): progress while rendering, the file once done. */
import "server-only";
import type { AtriumClient } from "@atrium/sdk";
import type { StudioContext } from "../../context";
import { recordRefund } from "../../usage/record-usage";
import { generationKeyPrefix, importOutput } from "../import-output";
import { pollGeneration, type PolledGeneration, type PollOutcome } from "../poll-outcome";
import { failGeneration, updateGeneration, updateOutput } from "../records";
import { reportedFailure } from "../v1-failure";

type VideoEnvelope = Awaited<ReturnType<AtriumClient["getVideo"]>>;

export async function checkVideo(ctx: StudioContext, generationId: string): Promise<PollOutcome> {
  return pollGeneration(ctx, generationId, (client, jobId) => client.getVideo(jobId), (envelope, generation) => followVideo(ctx, generation, envelope));
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
  await updateOutput(ctx, { generationId, role: "video", position: 0 }, { status: "completed", ...stored });
  await updateGeneration(ctx, generationId, { status: "completed", progress: 100 });
  return { done: true, value: "completed" };
}
