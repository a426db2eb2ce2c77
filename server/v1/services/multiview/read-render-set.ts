import "server-only";
import { and, asc, eq } from "drizzle-orm";
import { renderSets, renderViews } from "@/db/schema";
import { AppError } from "@/server/errors";
import { GATE_THRESHOLDS } from "@/server/images/compare";
import type { VerbContext } from "@/server/context";
import { envelope } from "../../schemas/envelope";
import { isUuid } from "../../ids";
import { disclosureFields } from "../providers/disclosure-fields";

function gateOf(view: typeof renderViews.$inferSelect) {
  if (!view.gateVerdict || view.gateScore === null) return null;
  return {
    verdict: view.gateVerdict,
    score: view.gateScore,
    style: view.gateDetails?.style ?? null,
    structure: view.gateDetails?.structure ?? null,
    thresholds: { style: GATE_THRESHOLDS.style, structure: GATE_THRESHOLDS.structure },
  };
}

/**
 * GET /multiview: the set's views in view_index order. A sibling shows an output only
 * once its quality gate passed; a sibling that failed it shows the gate's scores and
 * the rejected image as `held_back_url` instead. Another account's set is
 * indistinguishable from a missing one.
 */
export async function readRenderSet(ctx: VerbContext, input: { accountId: string; renderSetId: string }) {
  const notFound = new AppError("not_found", "No multi-view set with this render_set_id.");
  if (!isUuid(input.renderSetId)) throw notFound;
  const [set] = await ctx.db
    .select()
    .from(renderSets)
    .where(and(eq(renderSets.id, input.renderSetId), eq(renderSets.accountId, input.accountId)));
  if (!set) throw notFound;
  const rows = await ctx.db.select().from(renderViews).where(eq(renderViews.setId, set.id)).orderBy(asc(renderViews.viewIndex));
  const views = await Promise.all(
    rows.map(async (view) => ({
      view_index: view.viewIndex,
      job_id: view.id,
      is_anchor_view: view.viewIndex === 0,
      status: view.status,
      output_url:
        view.status === "completed" && view.outputKey && view.gateVerdict !== "fail" ? await ctx.storage.url(view.outputKey) : null,
      error: view.error ?? null,
      gate: gateOf(view),
      held_back_url:
        view.status === "completed" && view.outputKey && view.gateVerdict === "fail" ? await ctx.storage.url(view.outputKey) : null,
      output_check: view.status === "completed" ? view.outputCheck : null,
    })),
  );
  const provider = rows.find((view) => view.provider)?.provider ?? null;
  return envelope({
    jobId: rows[0].id,
    status: set.status,
    result: {
      render_set_id: set.id,
      views,
      total: views.length,
      completed: views.filter((v) => v.status === "completed").length,
      failed: views.filter((v) => v.status === "failed").length,
      provider,
      ...disclosureFields("staging", provider),
    },
    error: set.error,
    creditsCharged: null,
    createdAt: set.createdAt,
    updatedAt: set.updatedAt,
    completedAt: set.completedAt,
  });
}
