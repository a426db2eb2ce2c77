/**
 * Workflow 2: a multi-view set of one room (an anchor and 1–3 other photos). The set is
 * created on the service right away; a durable function polls its views.
 */
import "server-only";
import { multiviewPoll } from "@/inngest/studio-events";
import { multiviewCost } from "@/shared/credit-costs";
import type { StudioContext } from "../../context";
import { ensureCredits } from "../../usage/ensure-credits";
import { loadProjectPhotos } from "../load-project-photos";
import { recordStart } from "../record-start";
import { startedFrom } from "../records";
import { idempotencyFor, startOnce, type StartAction } from "../start-once";
import { keepForRun, keepMaskUrl } from "../kept-areas";
import { multiviewRequest, type MultiviewParams } from "./multiview-request";
import type { StartMultiviewInput } from "./start-multiview.schema";

/** Starts the workflow once per user action (see start-once.ts). */
export async function startMultiview(ctx: StudioContext, input: StartAction<StartMultiviewInput>) {
  return startOnce(ctx, input, async (id) => {
    const photoIds = [input.anchorPhotoId, ...input.viewPhotoIds];
    const photos = await loadProjectPhotos(ctx, { ...input, photoIds });
    await ensureCredits(ctx, { workspaceId: input.workspaceId, cost: multiviewCost(photoIds.length) });
    const [anchorUrl, ...viewUrls] = await Promise.all(photos.map((photo) => ctx.storage.url(photo.storageKey)));
    const request = multiviewRequest(input);
    // Each photo's kept areas (D17), as they are now: the anchor's beside source_url, the others' beside their views.
    const kept = await keepForRun(ctx, { ...input, id }, photos);
    const [anchorMask, ...viewMasks] = await Promise.all(photos.map((photo) => keepMaskUrl(ctx, kept, photo.storageKey)));
    const keepMasks = {
      ...(anchorMask ? { keep_mask_url: anchorMask } : {}),
      ...(viewMasks.some(Boolean) ? { additional_keep_mask_urls: viewMasks } : {}),
    };
    const client = await ctx.v1.forWorkspace(input.workspaceId);
    const created = await client.createMultiview(
      { ...request, source_url: anchorUrl, additional_view_urls: viewUrls, ...keepMasks },
      idempotencyFor(id),
    );
    const set = created.result!;
    const params: MultiviewParams = { ...request, photoIds, siblingCost: set.credits.sibling_cost_each, kept };
    return recordStart(ctx, {
      generation: { ...startedFrom(input, id), kind: "multiview", photoId: input.anchorPhotoId, params, serviceJobId: set.render_set_id },
      outputs: photos.map((photo, index) => ({
        role: "view",
        position: index,
        sourceKey: photo.storageKey,
        serviceJobId: index === 0 ? set.anchor.job_id : null,
      })),
      charge: {
        operation: "multiview",
        serviceJobId: created.job_id ?? set.anchor.job_id,
        credits: created.credits_charged,
        quotaUnits: 1,
      },
      poll: multiviewPoll,
    });
  });
}
