import "server-only";
import { and, asc, eq } from "drizzle-orm";
import { renderSets, renderViews, type ErrorInfo, type JobStatus } from "@/db/schema";
import type { VerbContext } from "@/server/context";
import { emitWebhook } from "../webhooks/emit-webhook";

/**
 * Settles a set once every view is terminal (D7): failed when the anchor failed,
 * otherwise completed whatever became of the siblings; then announces it to the
 * account's webhook. Safe to repeat, and to race with a redo's own finish.
 */
export async function finishRenderSet(ctx: VerbContext, input: { setId: string }): Promise<{ status: JobStatus | "gone" }> {
  const [set] = await ctx.db.select().from(renderSets).where(eq(renderSets.id, input.setId));
  if (!set) return { status: "gone" };
  const views = await ctx.db.select().from(renderViews).where(eq(renderViews.setId, set.id)).orderBy(asc(renderViews.viewIndex));
  if (views.some((v) => v.status === "processing")) return { status: "processing" };
  const anchor = views[0];
  const status: JobStatus = anchor.status === "failed" ? "failed" : "completed";
  const error: ErrorInfo | null =
    status === "failed" ? { code: "anchor_failed", message: `The anchor view failed: ${anchor.error?.message ?? "no detail"}` } : null;
  const now = ctx.now();
  const settled = await ctx.db
    .update(renderSets)
    .set({ status, error, updatedAt: now, completedAt: now })
    .where(and(eq(renderSets.id, set.id), eq(renderSets.status, "processing")))
    .returning({ id: renderSets.id });
  if (settled.length > 0 || set.status === status) {
    // The event id is derived from the set's anchor and the outcome, so the set is
    // announced once: a redo that settles it again is not announced a second time.
    await emitWebhook(ctx, {
      accountId: set.accountId,
      type: status === "failed" ? "job.failed" : "job.completed",
      data: {
        job_id: anchor.id,
        kind: "multiview",
        status,
        render_set_id: set.id,
        views: views.map((view) => ({ view_index: view.viewIndex, output_check: view.status === "completed" ? view.outputCheck : null })),
      },
    });
  }
  return { status };
}
