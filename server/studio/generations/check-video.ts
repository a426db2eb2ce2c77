/** One poll of a video (GET /video): progress while rendering, the file once done. */
import type { StudioContext } from "../context";
import { recordRefund } from "../usage/record-usage";
import { generationKeyPrefix, importOutput } from "./import-output";
import type { PollOutcome } from "./poll-outcome";
import { failGeneration, loadGeneration, updateGeneration, updateOutput } from "./records";
import { generationError, isTransientV1Failure, plainMessage } from "./v1-failure";

export async function checkVideo(ctx: StudioContext, generationId: string): Promise<PollOutcome> {
  const generation = await loadGeneration(ctx, generationId);
  if (generation.status !== "running" || !generation.v1Id) return { done: true, value: generation.status };
  const client = await ctx.v1.rawForWorkspace(generation.workspaceId);
  let envelope;
  try {
    envelope = await client.getVideo(generation.v1Id);
  } catch (error) {
    if (isTransientV1Failure(error)) return { done: false };
    await failGeneration(ctx, generationId, generationError(error));
    return { done: true, value: "failed" };
  }
  if (envelope.status === "failed") {
    const code = envelope.error?.code ?? "job_failed";
    // A failed video is refunded by the service (D4).
    await recordRefund(ctx, { operation: "video", v1JobId: generation.v1Id });
    await failGeneration(ctx, generationId, { code, message: plainMessage(code, envelope.error?.message) });
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
