/**
 * Workflow 3: inpaint a painted area, then upscale the result. Both calls are
 * synchronous on the service and can take minutes, so they run as two durable steps;
 * this verb stores the mask and hands over.
 */
import "server-only";
import { inpaintUpscaleRequested } from "@/inngest/studio-events";
import { INPAINT_UPSCALE_COST } from "@/shared/credit-costs";
import { inpaintOperation } from "@/shared/vocabulary";
import type { StudioContext } from "../../context";
import { ensureCredits } from "../../usage/ensure-credits";
import { enforceMlsRules } from "../enforce-mls-rules";
import { generationKeyPrefix } from "../import-output";
import { loadProjectPhotos } from "../load-project-photos";
import { insertGeneration, startedFrom } from "../records";
import { startOnce, type StartAction } from "../start-once";
import { inpaintRequest, type InpaintUpscaleParams } from "./inpaint-request";
import { readMask } from "./read-mask";
import type { StartInpaintUpscaleInput } from "./start-inpaint-upscale.schema";

/** Starts the workflow once per user action (see start-once.ts). */
export async function startInpaintUpscale(ctx: StudioContext, input: StartAction<StartInpaintUpscaleInput>) {
  return startOnce(ctx, input, async (id) => {
    await enforceMlsRules(ctx, {
      workspaceId: input.workspaceId,
      operation: inpaintOperation(input.inpaintingType),
      setting: input.renderType,
    });
    const [photo] = await loadProjectPhotos(ctx, { ...input, photoIds: [input.photoId] });
    await ensureCredits(ctx, { workspaceId: input.workspaceId, cost: INPAINT_UPSCALE_COST });
    const mask = await readMask(input.maskDataUrl);
    const maskKey = `${generationKeyPrefix({ ...input, id })}mask.png`;
    await ctx.storage.put(maskKey, mask, "image/png");
    const params: InpaintUpscaleParams = { ...inpaintRequest(input), maskKey };
    await insertGeneration(ctx, { ...startedFrom(input, id), kind: "inpaint_upscale", photoId: photo.id, params }, [
      { role: "inpainted", position: 0, sourceKey: photo.storageKey },
      { role: "upscaled", position: 1, sourceKey: photo.storageKey },
    ]);
    await ctx.events.send(inpaintUpscaleRequested.create({ generationId: id }));
    return { id };
  });
}
