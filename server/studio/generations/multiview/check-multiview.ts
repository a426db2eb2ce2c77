/**
 * One poll of a multi-view set (GET /multiview). Each view's row follows the service:
 * status, the quality gate's outcome and scores (a completed sibling with no output
 * failed it), and the output, or the held-back image, copied into studio storage once. Sibling credits are not in any envelope
 * (they are debited as each sibling starts, D4): a sibling that completes its first
 * attempt is recorded at the set's `sibling_cost_each`; failed siblings are refunded or
 * never charged, so they record nothing.
 */
import "server-only";
import type { z } from "zod";
import type { Generation, GenerationOutput } from "@/db/schema/studio-generations";
import type { MultiviewViewSchema } from "@/server/v1/schemas/multiview";
import type { AtriumClient } from "@atrium/sdk";
import { deleteDerivatives } from "@/server/images/derivatives";
import type { StudioContext } from "../../context";
import { imagesOfVersions } from "../../listings/published-listing";
import { recordRefund, recordUsage } from "../../usage/record-usage";
import { generationKeyPrefix, importOutput } from "../import-output";
import { pollGeneration, type PolledGeneration, type PollOutcome } from "../poll-outcome";
import { failGeneration, loadOutputs, updateGeneration, updateOutput } from "../records";
import { reportedFailure } from "../v1-failure";
import type { MultiviewParams } from "./multiview-request";

type View = z.infer<typeof MultiviewViewSchema>;
type SetEnvelope = Awaited<ReturnType<AtriumClient["getMultiview"]>>;

export async function checkMultiview(ctx: StudioContext, generationId: string): Promise<PollOutcome> {
  return pollGeneration(
    ctx,
    generationId,
    (client, renderSetId) => client.getMultiview(renderSetId),
    (envelope, generation) => followSet(ctx, generation, envelope),
  );
}

async function followSet(ctx: StudioContext, generation: PolledGeneration, envelope: SetEnvelope): Promise<PollOutcome> {
  const generationId = generation.id;
  if (envelope.status === "failed" || !envelope.result) {
    if (envelope.job_id) await recordRefund(ctx, { operation: "multiview", serviceJobId: envelope.job_id });
    await failGeneration(ctx, generationId, reportedFailure(envelope.error));
    return { done: true, value: "failed" };
  }
  const rows = await loadOutputs(ctx, generationId);
  for (const view of envelope.result.views) {
    const row = rows.find((r) => r.role === "view" && r.position === view.view_index);
    if (row) await followView(ctx, generation, row, view, envelope.result.provider);
  }
  if (envelope.status === "processing") return { done: false };
  await updateGeneration(ctx, generationId, { status: "completed" });
  return { done: true, value: "completed" };
}

async function followView(
  ctx: StudioContext,
  generation: Generation,
  row: GenerationOutput,
  view: View,
  provider: string | null,
): Promise<void> {
  const target = { generationId: generation.id, role: row.role, position: row.position };
  if (view.status === "processing") {
    if (row.serviceJobId !== view.job_id) await updateOutput(ctx, target, { serviceJobId: view.job_id });
    return;
  }
  if (view.status === "failed") {
    if (row.status === "running")
      await updateOutput(ctx, target, { status: "failed", serviceJobId: view.job_id, error: reportedFailure(view.error) });
    return;
  }
  if (row.status !== "running") return;
  const isSibling = view.view_index > 0;
  if (isSibling && row.attempts === 1) {
    const cost = (generation.params as MultiviewParams).siblingCost ?? 0;
    await recordUsage(ctx, generation, { operation: "multiview_sibling", serviceJobId: view.job_id, credits: cost, quotaUnits: 0 });
  }
  const stem = `${generationKeyPrefix(generation)}view-${view.view_index}-attempt-${row.attempts}`;
  const stored = view.output_url ? await importOutput(ctx, { url: view.output_url, keyStem: stem }) : null;
  // A service without `held_back_url` (older deployments) simply shows no rejected image.
  const heldBack =
    !stored && view.held_back_url ? await importOutput(ctx, { url: view.held_back_url, keyStem: `${stem}-held-back` }) : null;
  const passed = Boolean(stored);
  await updateOutput(ctx, target, {
    status: "completed",
    serviceJobId: view.job_id,
    // A held-back redo keeps the last image that passed, so it is never lost (nor who made it).
    ...(stored ? { storageKey: stored.storageKey, contentType: stored.contentType } : {}),
    provider: stored ? provider : (row.provider ?? provider),
    heldBackKey: heldBack?.storageKey ?? null,
    gate: isSibling ? (passed ? "passed" : "failed") : null,
    gateScores:
      isSibling && view.gate
        ? { score: view.gate.score, style: view.gate.style, structure: view.gate.structure, thresholds: view.gate.thresholds }
        : null,
    // The check of the image the view now shows; a judgement of the one before does not carry over.
    ...(stored ? { structureCheck: view.output_check ?? null, lookedRightBy: null, lookedRightAt: null } : {}),
    error: null,
  });
  const replaced = [stored && row.storageKey, row.heldBackKey].filter((key): key is string => Boolean(key));
  // A published version of the listing page may still show the replaced image: it stays until the result is deleted.
  const pinned = await imagesOfVersions(ctx, replaced);
  await Promise.all(
    replaced
      .filter((key) => !pinned.has(key))
      .map((key) => Promise.all([ctx.storage.delete(key), deleteDerivatives(ctx.storage, key)]).catch(() => undefined)),
  );
}
