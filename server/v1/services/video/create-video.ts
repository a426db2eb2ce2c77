import "server-only";
import crypto from "node:crypto";
import { eq } from "drizzle-orm";
import { z } from "zod";
import { CREDIT_COSTS } from "@/shared/credit-costs";
import { mediaJobs } from "@/db/schema";
import { videoRequested } from "@/inngest/events";
import type { VerbContext } from "@/server/context";
import { envelope } from "../../schemas/envelope";
import type { VideoRequestSchema } from "../../schemas/media";
import { acceptGeneration } from "../billing/accept-generation";
import { preflightGeneration } from "../billing/preflight-generation";
import { refundCredits } from "../billing/refund-credits";
import { storeSource } from "../jobs/store-source";
import { disclosureFields } from "../providers/disclosure-fields";
import type { AuthenticatedAccount } from "../keys/authenticate-key";

export const VIDEO_COST = CREDIT_COSTS.video;

/**
 * POST /video (D9): stores the stills, accepts (CREDIT_COSTS.video credits), and starts the durable
 * render. The answer is `processing` with where to poll.
 */
export async function createVideo(ctx: VerbContext, input: { account: AuthenticatedAccount; request: z.infer<typeof VideoRequestSchema> }) {
  const { account, request } = input;
  await preflightGeneration(ctx.db, { account, now: ctx.now(), cost: VIDEO_COST });
  const image = await storeSource(ctx.storage, request.image_url);
  const tail = request.tail_image_url ? await storeSource(ctx.storage, request.tail_image_url, "tail") : null;
  const jobId = crypto.randomUUID();
  const providerStatusUrl = `${ctx.providers.video.name}://video/${jobId}`;
  const statusEndpoint = `/api/v1/video?job_id=${jobId}`;
  const result = {
    provider: ctx.providers.video.name,
    mode: request.mode,
    duration: request.duration,
    provider_status_url: providerStatusUrl,
    status_endpoint: statusEndpoint,
  };
  const created = { ...result, ...disclosureFields("video", ctx.providers.video.name) };
  const now = ctx.now();
  try {
    await ctx.db.transaction(async (tx) => {
      await acceptGeneration(tx, {
        account,
        now,
        events: ctx.events,
        charge: { amount: VIDEO_COST, chargeKey: `video:${jobId}`, jobId, operation: "video" },
      });
      await tx.insert(mediaJobs).values({
        id: jobId,
        accountId: account.id,
        kind: "video",
        request: { ...request, image_key: image.key, tail_key: tail?.key ?? null },
        result: { ...result, video_url: null },
        creditsCharged: VIDEO_COST,
        outputKeys: [image.key, ...(tail ? [tail.key] : [])],
        createdAt: now,
        updatedAt: now,
      });
    });
  } catch (error) {
    await Promise.all([image.key, tail?.key].filter(Boolean).map((key) => ctx.storage.delete(key!)));
    throw error;
  }
  try {
    await ctx.events.send(videoRequested.create({ jobId, accountId: account.id }, { id: `video-${jobId}` }));
  } catch (error) {
    // Nothing will render it: refund and close it rather than leave it processing forever.
    await ctx.db.transaction(async (tx) => {
      await refundCredits(tx, { chargeKey: `video:${jobId}`, note: "not started" });
      await tx
        .update(mediaJobs)
        .set({
          status: "failed",
          creditsCharged: 0,
          error: { code: "internal_error", message: "The video could not be started." },
          completedAt: ctx.now(),
        })
        .where(eq(mediaJobs.id, jobId));
    });
    throw error;
  }
  return envelope({
    jobId,
    status: "processing",
    result: created,
    creditsCharged: VIDEO_COST,
    createdAt: now,
    updatedAt: now,
    completedAt: null,
  });
}
