import "server-only";
import { eq } from "drizzle-orm";
import { renderSets, renderViews } from "@/db/schema";
import type { VerbContext } from "@/server/context";
import { refundCredits } from "../billing/refund-credits";
import { viewChargeKey } from "./pricing";

const NOT_STARTED = { code: "internal_error", message: "The multi-view set could not be started." };

/** Closes a set whose durable function could not be queued, refunding the anchor. */
export async function failUnstartedSet(ctx: VerbContext, setId: string): Promise<void> {
  const now = ctx.now();
  await ctx.db.transaction(async (tx) => {
    const views = await tx
      .update(renderViews)
      .set({ status: "failed", error: NOT_STARTED, updatedAt: now, completedAt: now })
      .where(eq(renderViews.setId, setId))
      .returning();
    for (const view of views.filter((v) => v.charged)) await refundCredits(tx, { chargeKey: viewChargeKey(view), note: "set not started" });
    await tx
      .update(renderSets)
      .set({ status: "failed", error: NOT_STARTED, updatedAt: now, completedAt: now })
      .where(eq(renderSets.id, setId));
  });
}
