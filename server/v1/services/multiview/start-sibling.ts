import "server-only";
import { and, eq } from "drizzle-orm";
import { renderViews } from "@/db/schema";
import { AppError } from "@/server/errors";
import type { VerbContext } from "@/server/context";
import { announceCrossing } from "../billing/announce-crossing";
import { debitCredits } from "../billing/debit-credits";
import { MULTIVIEW_OPERATION, SIBLING_COST, viewChargeKey } from "./pricing";

export type SiblingStart = "started" | "insufficient_credits" | "not_pending";

/**
 * Charges a sibling as it starts (D4) and marks its first attempt, in one transaction.
 * A repeat finds the debit by its charge key and the row already marked, so it charges
 * nothing more; a short balance rolls both back and leaves the row unpaid.
 */
export async function startSibling(ctx: VerbContext, input: { accountId: string; viewId: string }): Promise<SiblingStart> {
  try {
    return await ctx.db.transaction(async (tx) => {
      const [view] = await tx.select().from(renderViews).where(eq(renderViews.id, input.viewId)).for("update");
      if (!view || view.viewIndex === 0) return "not_pending";
      if (view.charged) return "started";
      if (view.status !== "processing") return "not_pending";
      const debit = await debitCredits(tx, {
        accountId: input.accountId,
        amount: SIBLING_COST,
        chargeKey: viewChargeKey(view),
        jobId: view.id,
        operation: MULTIVIEW_OPERATION,
      });
      await announceCrossing(ctx.events, input.accountId, debit);
      await tx
        .update(renderViews)
        .set({ charged: true, attempts: 1, updatedAt: ctx.now() })
        .where(and(eq(renderViews.id, view.id), eq(renderViews.charged, false)));
      return "started";
    });
  } catch (error) {
    if (error instanceof AppError && error.code === "insufficient_credits") return "insufficient_credits";
    throw error;
  }
}
