import "server-only";
import { and, eq } from "drizzle-orm";
import { renderViews, type ErrorInfo } from "@/db/schema";
import type { VerbContext } from "@/server/context";
import { refundCredits } from "../billing/refund-credits";
import { viewChargeKey } from "./pricing";

/**
 * Records a view whose generation failed for good. A failed first attempt gets its
 * charge back (D4). A failed redo does not: the redo itself was free, and the view's one
 * charge was refunded already if its first attempt failed, or was kept for the
 * generation that first attempt delivered.
 */
export async function failRenderView(
  ctx: VerbContext,
  input: { viewId: string; attempt: number; error: ErrorInfo },
): Promise<{ failed: boolean }> {
  const now = ctx.now();
  return ctx.db.transaction(async (tx) => {
    const [view] = await tx
      .update(renderViews)
      .set({ status: "failed", error: input.error, outputKey: null, updatedAt: now, completedAt: now })
      .where(and(eq(renderViews.id, input.viewId), eq(renderViews.status, "processing"), eq(renderViews.attempts, input.attempt)))
      .returning();
    if (!view) return { failed: false };
    if (view.charged && input.attempt === 1) await refundCredits(tx, { chargeKey: viewChargeKey(view), note: "view failed" });
    return { failed: true };
  });
}
