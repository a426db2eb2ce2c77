import "server-only";
import { and, eq, gte } from "drizzle-orm";
import { renderViews, type ErrorInfo } from "@/db/schema";
import type { VerbContext } from "@/server/context";

export const ANCHOR_FAILED: ErrorInfo = { code: "anchor_failed", message: "The anchor view failed, so this view was not started." };
export const SIBLING_UNAFFORDABLE: ErrorInfo = {
  code: "insufficient_credits",
  message: "The credit balance ran out before this view could start.",
};

/**
 * Fails the siblings from `fromIndex` on that never started: they were never charged
 * and never will be (D4: after the anchor fails, or once the balance runs short).
 */
export async function failPendingSiblings(
  ctx: VerbContext,
  input: { setId: string; fromIndex: number; error: ErrorInfo },
): Promise<number> {
  const now = ctx.now();
  const failed = await ctx.db
    .update(renderViews)
    .set({ status: "failed", error: input.error, updatedAt: now, completedAt: now })
    .where(
      and(
        eq(renderViews.setId, input.setId),
        gte(renderViews.viewIndex, Math.max(1, input.fromIndex)),
        eq(renderViews.status, "processing"),
        eq(renderViews.charged, false),
      ),
    )
    .returning({ id: renderViews.id });
  return failed.length;
}
