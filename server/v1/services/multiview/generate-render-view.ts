/**
 * Makes one view of a set: the anchor is staged from its source; a sibling is staged
 * with the anchor's output as its style reference, then passes the quality gate
 * (`sibling_gate`, server/images/compare.ts) or is held back (no output_url). Runs as a durable
 * step, so it is safe to repeat: it works only on the attempt it was started for, and
 * settles the row with a conditional update, so a repeat or a stale run changes nothing.
 */
import "server-only";
import { and, eq } from "drizzle-orm";
import { renderSets, renderViews, type GateVerdict } from "@/db/schema";
import { AppError } from "@/server/errors";
import { scoreSibling } from "@/server/images/compare";
import type { VerbContext } from "@/server/context";
import { storeFile, withProvenance } from "../media/store-outputs";
import { readKeepMask } from "../providers/read-keep-mask";
import { redesignChecked } from "../providers/redesign-checked";

type Outcome = { status: "completed"; verdict: GateVerdict | null } | { status: "skipped" };

export async function generateRenderView(ctx: VerbContext, input: { viewId: string; attempt: number }): Promise<Outcome> {
  const [row] = await ctx.db
    .select({ view: renderViews, set: renderSets })
    .from(renderViews)
    .innerJoin(renderSets, eq(renderSets.id, renderViews.setId))
    .where(eq(renderViews.id, input.viewId));
  if (!row || row.view.status !== "processing" || row.view.attempts !== input.attempt) return { status: "skipped" };
  const { view, set } = row;

  const source = await ctx.storage.get(view.sourceKey);
  const anchorOutput = view.viewIndex === 0 ? null : await readAnchorOutput(ctx, set.id);
  // Without its inputs the view can never be made: fail it (refunded) rather than leave it running.
  if (!source) throw new AppError("source_fetch_failed", "The stored source image of this view is missing.");
  if (view.viewIndex > 0 && !anchorOutput)
    throw new AppError("source_fetch_failed", "The anchor's output is missing, so this view has no style reference.");

  const keepMask = await readKeepMask(ctx, view.keepMaskKey);
  const provider = ctx.providers.redesign;
  const { result, check, kept } = await redesignChecked(
    provider,
    { bytes: source.bytes, contentType: source.contentType },
    {
      type: "staging",
      roomType: set.roomType,
      style: set.style,
      color: set.color,
      intensity: set.intensity,
      environment: "interior",
      maskPrompt: null,
      inspiration: null,
      styleReference: anchorOutput,
      // A redo asks for another variation rather than the same image again.
      variant: input.attempt - 1,
      workKey: `render-view:${view.id}:${input.attempt}`,
    },
    keepMask,
  );
  const image = result.outputs[0];
  const gate = anchorOutput ? await scoreSibling({ anchorOutput, siblingOutput: image.bytes, siblingSource: source.bytes }) : null;
  // A view that fails the gate keeps its image too, but only as `held_back_url`, so a
  // client can show what was rejected and why; `output_url` stays null (D7).
  const key = await storeFile(
    ctx.storage,
    await withProvenance(image, result, { operation: "staging", source: source.bytes, now: ctx.now(), kept }),
    "output",
  );

  const now = ctx.now();
  const updated = await ctx.db
    .update(renderViews)
    .set({
      status: "completed",
      outputKey: key,
      provider: result.provider,
      gateVerdict: gate?.verdict ?? null,
      gateScore: gate?.score ?? null,
      gateDetails: gate
        ? {
            style: gate.style,
            structure: gate.structure,
            lightnessSimilarity: gate.details.lightnessSimilarity,
            chromaSimilarity: gate.details.chromaSimilarity,
            ssim: gate.details.ssim,
          }
        : null,
      outputCheck: check,
      updatedAt: now,
      completedAt: now,
    })
    .where(and(eq(renderViews.id, view.id), eq(renderViews.status, "processing"), eq(renderViews.attempts, input.attempt)))
    .returning({ id: renderViews.id });
  if (updated.length === 0) {
    await ctx.storage.delete(key);
    return { status: "skipped" };
  }
  return { status: "completed", verdict: gate?.verdict ?? null };
}

async function readAnchorOutput(ctx: VerbContext, setId: string): Promise<Buffer | null> {
  const [anchor] = await ctx.db
    .select({ outputKey: renderViews.outputKey })
    .from(renderViews)
    .where(and(eq(renderViews.setId, setId), eq(renderViews.viewIndex, 0), eq(renderViews.status, "completed")));
  if (!anchor?.outputKey) return null;
  return (await ctx.storage.get(anchor.outputKey))?.bytes ?? null;
}
