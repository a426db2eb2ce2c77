/**
 * Renders a video job with the video provider (a durable step: safe to repeat), records
 * progress as it goes, and stores the MP4.
 */
import "server-only";
import { and, eq } from "drizzle-orm";
import { mediaJobs } from "@/db/schema";
import { env } from "@/env";
import type { VideoMode } from "@/shared/vocabulary";
import type { VerbContext } from "@/server/context";
import { callProvider } from "../providers/call-provider";
import { storeOutputs } from "../media/store-outputs";

const PROGRESS_STEP = 5;

export async function renderVideo(ctx: VerbContext, input: { jobId: string }): Promise<{ status: "completed" | "skipped" }> {
  const [job] = await ctx.db.select().from(mediaJobs).where(eq(mediaJobs.id, input.jobId));
  if (!job || job.status !== "processing") return { status: "skipped" };
  const request = job.request as { mode: VideoMode; duration: number; image_key: string; tail_key: string | null };
  const image = await ctx.storage.get(request.image_key);
  const tail = request.tail_key ? await ctx.storage.get(request.tail_key) : null;
  if (!image) throw new Error(`The still of video ${job.id} is missing from storage.`);

  let recorded = 0;
  const onProgress = async (percent: number) => {
    const rounded = Math.min(99, Math.floor(percent));
    if (rounded < recorded + PROGRESS_STEP) return;
    recorded = rounded;
    await ctx.db
      .update(mediaJobs)
      .set({ progress: rounded, updatedAt: ctx.now() })
      .where(and(eq(mediaJobs.id, job.id), eq(mediaJobs.status, "processing")));
  };
  const provider = ctx.providers.video;
  const done = await callProvider(
    (signal) =>
      provider.video(
        {
          mode: request.mode,
          image: image.bytes,
          tail: tail?.bytes ?? null,
          durationSeconds: request.duration,
          onProgress,
          workKey: `video:${job.id}`,
        },
        signal,
      ),
    env.V1_VIDEO_PROVIDER_TIMEOUT_MS,
  );
  const stored = await storeOutputs(ctx.storage, done, done.outputs.slice(0, 1), "video", {
    operation: `video_${request.mode}`,
    source: image.bytes,
    now: ctx.now(),
  });
  const finished = ctx.now();
  const updated = await ctx.db
    .update(mediaJobs)
    .set({
      status: "completed",
      progress: 100,
      result: { ...(job.result ?? {}), provider: done.provider, provider_status_url: done.statusUrl, video_key: stored.keys[0] },
      outputKeys: [...job.outputKeys, ...stored.keys],
      updatedAt: finished,
      completedAt: finished,
    })
    .where(and(eq(mediaJobs.id, job.id), eq(mediaJobs.status, "processing")))
    .returning({ id: mediaJobs.id });
  if (updated.length === 0) await ctx.storage.delete(stored.keys[0]);
  return { status: updated.length ? "completed" : "skipped" };
}
