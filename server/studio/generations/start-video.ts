/**
 * A five-second video from a photo or result (POST /video), with an optional tail
 * image (required for before/after). A durable function polls GET /video for progress.
 */
import "server-only";
import { videoPoll } from "@/inngest/studio-events";
import type { StudioContext } from "../context";
import { startOnce, type StartAction } from "./start-once";
import { getProject } from "../projects/get-project";
import { ensureCredits } from "../usage/ensure-credits";
import { recordUsage } from "../usage/record-usage";
import { CREDIT_COSTS } from "@/shared/credit-costs";
import { insertGeneration, startedFrom } from "./records";
import { resolveImage, type ImageRef } from "./resolve-image";
import type { VideoMode } from "@/shared/vocabulary";

export interface VideoInput extends StartAction {
  mode: VideoMode;
  image: ImageRef;
  tailImage?: ImageRef;
}

/** Starts the workflow once per user action (see start-once.ts). */
export async function startVideo(ctx: StudioContext, input: VideoInput) {
  return startOnce(ctx, input, (id) => beginVideo(ctx, input, id));
}

async function beginVideo(ctx: StudioContext, input: VideoInput, id: string) {
  await getProject(ctx, input);
  const image = await resolveImage(ctx, { ...input, ref: input.image });
  const tail = input.tailImage ? await resolveImage(ctx, { ...input, ref: input.tailImage }) : null;
  await ensureCredits(ctx, { workspaceId: input.workspaceId, cost: CREDIT_COSTS.video });
  const client = await ctx.v1.forWorkspace(input.workspaceId);
  const created = await client.createVideo(
    {
      mode: input.mode,
      image_url: await ctx.storage.url(image.storageKey),
      tail_image_url: tail ? await ctx.storage.url(tail.storageKey) : undefined,
      duration: 5,
    },
    { idempotencyKey: `studio-${id}` },
  );
  const jobId = created.job_id!;
  const generation = await insertGeneration(
    ctx,
    {
      ...startedFrom(input, id),
      kind: "video",
      photoId: image.photoId,
      params: { mode: input.mode, image: input.image, tailImage: input.tailImage ?? null },
      v1Id: jobId,
    },
    [{ role: "video", position: 0, sourceKey: image.storageKey, v1JobId: jobId, provider: created.result?.provider ?? null }],
  );
  await recordUsage(ctx, generation, { operation: "video", v1JobId: jobId, credits: created.credits_charged, quotaUnits: 1 });
  await ctx.events.send(videoPoll.create({ generationId: id, round: 0 }));
  return { id };
}
