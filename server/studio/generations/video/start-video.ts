/**
 * A five-second video from a photo or result (POST /video), with an optional tail
 * image (required for before/after). A durable function polls GET /video for progress.
 */
import "server-only";
import { videoPoll } from "@/inngest/studio-events";
import { CREDIT_COSTS } from "@/shared/credit-costs";
import type { StudioContext } from "../../context";
import { getProject } from "../../projects/get-project";
import { ensureCredits } from "../../usage/ensure-credits";
import { recordStart } from "../record-start";
import { startedFrom } from "../records";
import { idempotencyFor, startOnce, type StartAction } from "../start-once";
import { resolveImage } from "./resolve-image";
import type { StartVideoInput } from "./start-video.schema";
import { videoRequest, type VideoParams } from "./video-request";

/** Starts the workflow once per user action (see start-once.ts). */
export async function startVideo(ctx: StudioContext, input: StartAction<StartVideoInput>) {
  return startOnce(ctx, input, async (id) => {
    await getProject(ctx, input);
    const image = await resolveImage(ctx, { ...input, ref: input.image });
    const tail = input.tailImage ? await resolveImage(ctx, { ...input, ref: input.tailImage }) : null;
    await ensureCredits(ctx, { workspaceId: input.workspaceId, cost: CREDIT_COSTS.video });
    const request = videoRequest(input);
    const client = await ctx.v1.forWorkspace(input.workspaceId);
    const created = await client.createVideo(
      {
        ...request,
        image_url: await ctx.storage.url(image.storageKey),
        tail_image_url: tail ? await ctx.storage.url(tail.storageKey) : undefined,
      },
      idempotencyFor(id),
    );
    const jobId = created.job_id!;
    const params: VideoParams = { ...request, image: input.image, tailImage: input.tailImage ?? null };
    return recordStart(ctx, {
      generation: { ...startedFrom(input, id), kind: "video", photoId: image.photoId, params, serviceJobId: jobId },
      outputs: [
        { role: "video", position: 0, sourceKey: image.storageKey, serviceJobId: jobId, provider: created.result?.provider ?? null },
      ],
      charge: { operation: "video", serviceJobId: jobId, credits: created.credits_charged, quotaUnits: 1 },
      poll: videoPoll,
    });
  });
}
