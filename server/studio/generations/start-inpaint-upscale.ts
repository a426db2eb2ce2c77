/**
 * Workflow 3: inpaint a painted area, then upscale the result. Both calls are
 * synchronous on the service and can take minutes, so they run as two durable steps;
 * this verb stores the mask and hands over.
 */
import "server-only";
import { INPAINT_UPSCALE_COST } from "@/shared/credit-costs";
import { ensureCredits } from "../usage/ensure-credits";
import { inpaintUpscaleRequested } from "@/inngest/studio-events";
import type { StudioContext } from "../context";
import { enforceMlsRules } from "./enforce-mls-rules";
import { startOnce, type StartAction } from "./start-once";
import { generationKeyPrefix } from "./import-output";
import { loadProjectPhotos } from "./load-project-photos";
import { readMask } from "./read-mask";
import { insertGeneration, startedFrom } from "./records";

export interface InpaintUpscaleInput extends StartAction {
  photoId: string;
  maskDataUrl: string;
  inpaintingType: "remove" | "replace";
  renderType: "interior" | "exterior";
  roomType?: string;
  style?: string;
}

/** Starts the workflow once per user action (see start-once.ts). */
export async function startInpaintUpscale(ctx: StudioContext, input: InpaintUpscaleInput) {
  return startOnce(ctx, input, (id) => beginInpaintUpscale(ctx, input, id));
}

async function beginInpaintUpscale(ctx: StudioContext, input: InpaintUpscaleInput, id: string) {
  await enforceMlsRules(ctx, { workspaceId: input.workspaceId, operation: input.inpaintingType === "replace" ? "inpaint_replace" : "inpaint_remove", setting: input.renderType });
  const [photo] = await loadProjectPhotos(ctx, { ...input, photoIds: [input.photoId] });
  await ensureCredits(ctx, { workspaceId: input.workspaceId, cost: INPAINT_UPSCALE_COST });
  const mask = await readMask(input.maskDataUrl);
  const maskKey = `${generationKeyPrefix({ ...input, id })}mask.png`;
  await ctx.storage.put(maskKey, mask, "image/png");
  await insertGeneration(
    ctx,
    {
      ...startedFrom(input, id),
      kind: "inpaint_upscale",
      photoId: photo.id,
      params: {
        maskKey,
        inpaintingType: input.inpaintingType,
        renderType: input.renderType,
        roomType: input.roomType ?? null,
        style: input.style ?? null,
      },
    },
    [
      { role: "inpainted", position: 0, sourceKey: photo.storageKey },
      { role: "upscaled", position: 1, sourceKey: photo.storageKey },
    ],
  );
  await ctx.events.send(inpaintUpscaleRequested.create({ generationId: id }));
  return { id };
}
