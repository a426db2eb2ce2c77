import "server-only";
import { and, eq } from "drizzle-orm";
import { mediaJobs, type ErrorInfo } from "@/db/schema";
import type { VerbContext } from "@/server/context";
import { refundCredits } from "../billing/refund-credits";
import { emitWebhook } from "../webhooks/emit-webhook";

/**
 * Settles a video job: a failure is recorded and its CREDIT_COSTS.video credits refunded once; either
 * way the account's webhook hears about it.
 */
export async function finishVideo(ctx: VerbContext, input: { jobId: string; error?: ErrorInfo }): Promise<void> {
  if (input.error) {
    const error = input.error;
    await ctx.db.transaction(async (tx) => {
      const failed = await tx
        .update(mediaJobs)
        .set({ status: "failed", error, creditsCharged: 0, updatedAt: ctx.now(), completedAt: ctx.now() })
        .where(and(eq(mediaJobs.id, input.jobId), eq(mediaJobs.status, "processing")))
        .returning({ id: mediaJobs.id });
      if (failed.length) await refundCredits(tx, { chargeKey: `video:${input.jobId}`, note: error.code });
    });
  }
  const [job] = await ctx.db.select().from(mediaJobs).where(eq(mediaJobs.id, input.jobId));
  if (!job || job.status === "processing") return;
  await emitWebhook(ctx, {
    accountId: job.accountId,
    type: job.status === "completed" ? "job.completed" : "job.failed",
    data: { job_id: job.id, kind: "video", status: job.status },
  });
}
