import "server-only";
import { and, eq } from "drizzle-orm";
import { mediaJobs } from "@/db/schema";
import { AppError } from "@/server/errors";
import type { VerbContext } from "@/server/context";
import { envelope } from "../../schemas/envelope";
import { isUuid } from "../../ids";

/** GET /video (D9, D13): 200 with the envelope whatever the state; `credits_charged` null on reads. */
export async function readVideo(ctx: VerbContext, input: { accountId: string; jobId: string }) {
  if (!isUuid(input.jobId)) throw new AppError("not_found", "No video with this job_id.");
  const [job] = await ctx.db
    .select()
    .from(mediaJobs)
    .where(and(eq(mediaJobs.id, input.jobId), eq(mediaJobs.accountId, input.accountId), eq(mediaJobs.kind, "video")));
  if (!job) throw new AppError("not_found", "No video with this job_id.");
  const stored = job.result as { video_key?: string; duration?: number } | null;
  const videoUrl = job.status === "completed" && stored?.video_key ? await ctx.storage.url(stored.video_key) : null;
  return envelope({
    jobId: job.id,
    status: job.status,
    result: { video_url: videoUrl, duration: stored?.duration ?? 5, progress: job.status === "completed" ? 100 : job.progress },
    error: job.error,
    creditsCharged: null,
    createdAt: job.createdAt,
    updatedAt: job.updatedAt,
    completedAt: job.completedAt,
  });
}
