/**
 * Workflow 2: a multi-view set of one room (an anchor and 1–3 other photos). The set is
 * created on the service right away; a durable function polls its views.
 */
import "server-only";
import { multiviewPoll } from "@/inngest/studio-events";
import type { StudioContext } from "../context";
import { startOnce, type StartAction } from "./start-once";
import { recordUsage } from "../usage/record-usage";
import { loadProjectPhotos } from "./load-project-photos";
import { insertGeneration, startedFrom } from "./records";
import { ensureCredits } from "../usage/ensure-credits";
import { multiviewCost } from "@/shared/credit-costs";

export interface MultiviewInput extends StartAction {
  anchorPhotoId: string;
  viewPhotoIds: string[];
  roomType: string;
  style: string;
  color?: string;
  intensity: number;
}

/** Starts the workflow once per user action (see start-once.ts). */
export async function startMultiview(ctx: StudioContext, input: MultiviewInput) {
  return startOnce(ctx, input, (id) => beginMultiview(ctx, input, id));
}

async function beginMultiview(ctx: StudioContext, input: MultiviewInput, id: string) {
  const photoIds = [input.anchorPhotoId, ...input.viewPhotoIds];
  const photos = await loadProjectPhotos(ctx, { ...input, photoIds });
  await ensureCredits(ctx, { workspaceId: input.workspaceId, cost: multiviewCost(photoIds.length) });
  const urls = await Promise.all(photos.map((photo) => ctx.storage.url(photo.storageKey)));
  const client = await ctx.v1.forWorkspace(input.workspaceId);
  const created = await client.createMultiview(
    { source_url: urls[0], additional_view_urls: urls.slice(1), room_type: input.roomType, style: input.style, color: input.color, intensity: input.intensity },
    { idempotencyKey: `studio-${id}` },
  );
  const result = created.result!;
  const generation = await insertGeneration(
    ctx,
    {
      ...startedFrom(input, id),
      kind: "multiview",
      photoId: input.anchorPhotoId,
      params: {
        roomType: input.roomType,
        style: input.style,
        color: input.color ?? null,
        intensity: input.intensity,
        photoIds,
        siblingCost: result.credits.sibling_cost_each,
      },
      v1Id: result.render_set_id,
    },
    photos.map((photo, index) => ({
      role: "view" as const,
      position: index,
      sourceKey: photo.storageKey,
      v1JobId: index === 0 ? result.anchor.job_id : null,
    })),
  );
  await recordUsage(ctx, generation, { operation: "multiview", v1JobId: created.job_id ?? result.anchor.job_id, credits: created.credits_charged, quotaUnits: 1 });
  await ctx.events.send(multiviewPoll.create({ generationId: id, round: 0 }));
  return { id };
}
