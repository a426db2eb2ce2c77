import "server-only";
import { and, eq } from "drizzle-orm";
import { renderSets, renderViews } from "@/db/schema";
import { multiviewRedoRequested } from "@/inngest/events";
import { AppError } from "@/server/errors";
import type { VerbContext } from "@/server/context";
import { envelope } from "../../schemas/envelope";
import { isUuid } from "../../ids";
import { claimFreeRedo } from "../billing/claim-free-redo";
import { consumeQuota } from "../billing/quota";
import type { AuthenticatedAccount } from "../keys/authenticate-key";
import { undoRedoStart } from "./undo-redo-start";

/** Attempts per sibling row, the first generation included (D7). */
export const MAX_VIEW_ATTEMPTS = 4;

type View = typeof renderViews.$inferSelect;

/**
 * POST /multiview/redo (D3, D7): re-runs one finished sibling on the same row (same
 * job_id), with its gate verdict and output cleared. The quota unit is consumed in the
 * transaction that flips the row, so a redo that does not start consumes nothing; no
 * credits are debited, the row keeps its one charge. A review redo (D17) of a view the
 * structure check marked for review takes one of the view's free redos of the day
 * instead of the unit.
 */
export async function redoRenderView(
  ctx: VerbContext,
  input: { account: AuthenticatedAccount; renderSetId: string; viewIndex: number; reviewRedo?: boolean },
) {
  if (!isUuid(input.renderSetId)) throw new AppError("not_found", "No multi-view set with this render_set_id.");
  const now = ctx.now();
  const { previous, redone, set } = await ctx.db.transaction(async (tx) => {
    const [set] = await tx
      .select()
      .from(renderSets)
      .where(and(eq(renderSets.id, input.renderSetId), eq(renderSets.accountId, input.account.id)));
    if (!set) throw new AppError("not_found", "No multi-view set with this render_set_id.");
    const [view] = await tx
      .select()
      .from(renderViews)
      .where(and(eq(renderViews.setId, set.id), eq(renderViews.viewIndex, input.viewIndex)))
      .for("update");
    if (!view) throw new AppError("not_found", "No view with this view_index in the set.");
    assertRedoable(view);
    if (input.reviewRedo) {
      if (view.outputCheck?.verdict !== "review") throw new AppError("not_under_review");
      await claimFreeRedo(tx, { accountId: input.account.id, subject: `view:${view.id}`, now });
    } else await consumeQuota(tx, { accountId: input.account.id, quota: input.account.monthlyQuota, now });
    const [redone] = await tx
      .update(renderViews)
      .set({
        status: "processing",
        outputKey: null,
        error: null,
        gateVerdict: null,
        gateScore: null,
        gateDetails: null,
        outputCheck: null,
        attempts: view.attempts + 1,
        updatedAt: now,
        completedAt: null,
      })
      .where(eq(renderViews.id, view.id))
      .returning();
    await tx
      .update(renderSets)
      .set({ status: "processing", error: null, updatedAt: now, completedAt: null })
      .where(eq(renderSets.id, set.id));
    return { previous: view, redone, set };
  });
  try {
    await ctx.events.send(
      multiviewRedoRequested.create({ setId: set.id, viewId: redone.id, attempt: redone.attempts, accountId: input.account.id }),
    );
  } catch (error) {
    await undoRedoStart(ctx, { set, view: previous, now, freeRedo: input.reviewRedo === true });
    throw error;
  }
  // The redo has started: the previous output is no longer shown anywhere.
  if (previous.outputKey) await ctx.storage.delete(previous.outputKey).catch(() => undefined);
  return envelope({
    jobId: redone.id,
    status: "processing",
    result: { render_set_id: set.id, view_index: redone.viewIndex, job_id: redone.id },
    creditsCharged: 0,
    createdAt: redone.createdAt,
    updatedAt: redone.updatedAt,
    completedAt: null,
  });
}

function assertRedoable(view: View): void {
  if (view.viewIndex === 0) throw new AppError("view_not_redoable", "The anchor view cannot be redone; start a new set.");
  if (view.status === "processing") throw new AppError("view_not_redoable", "This view is still processing.");
  if (!view.charged) throw new AppError("view_not_redoable", "This view never started, so there is nothing to redo.");
  if (view.attempts >= MAX_VIEW_ATTEMPTS) throw new AppError("redo_limit_exceeded");
}
