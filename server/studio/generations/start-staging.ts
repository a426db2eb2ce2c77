/**
 * Workflow 1: stage a photo. The job is created on the service right away (so a refusal
 * reaches the person at once, in plain words); a durable function then polls it.
 */
import "server-only";
import { enforceMlsRules } from "./enforce-mls-rules";
import { stagingPoll } from "@/inngest/studio-events";
import type { StudioContext } from "../context";
import { startOnce, type StartAction } from "./start-once";
import { recordUsage } from "../usage/record-usage";
import { loadProjectPhotos } from "./load-project-photos";
import { insertGeneration, startedFrom } from "./records";
import type { RedesignType } from "@/shared/vocabulary";

export interface StagingInput extends StartAction<string | null> {
  photoId: string;
  redesignType: RedesignType;
  roomType: string;
  style?: string;
  color?: string;
  intensity: number;
  /** One output instead of as many as the plan gives. */
  fast: boolean;
  /** Whole-listing staging: one seed for every photo, so a generative provider furnishes them alike. */
  seed?: number;
}

/** Starts the workflow once per user action (see start-once.ts). */
export async function startStaging(ctx: StudioContext, input: StagingInput) {
  return startOnce(ctx, input, (id) => beginStaging(ctx, input, id));
}

async function beginStaging(ctx: StudioContext, input: StagingInput, id: string) {
  await enforceMlsRules(ctx, { workspaceId: input.workspaceId, operation: input.redesignType, setting: input.roomType });
  const [photo] = await loadProjectPhotos(ctx, { ...input, photoIds: [input.photoId] });
  const client = await ctx.v1.forWorkspace(input.workspaceId);
  const params = {
    redesignType: input.redesignType,
    roomType: input.roomType,
    style: input.style ?? null,
    color: input.color ?? null,
    intensity: input.intensity,
    fast: input.fast,
    ...(input.seed === undefined ? {} : { seed: input.seed }),
  };
  const { jobId } = await client.createJob(
    {
      source_url: await ctx.storage.url(photo.storageKey),
      redesign_type: input.redesignType,
      room_type: input.roomType,
      style: input.style,
      color: input.color,
      intensity: input.intensity,
      fast: input.fast,
      seed: input.seed,
    },
    { idempotencyKey: `studio-${id}` },
  );
  const generation = await insertGeneration(ctx, {
    ...startedFrom(input, id),
    kind: "staging",
    photoId: photo.id,
    params,
    v1Id: jobId,
  });
  // The legacy route has no credit envelope: the job costs one quota unit and no credits.
  await recordUsage(ctx, generation, { operation: "job", v1JobId: jobId, credits: 0, quotaUnits: 1 });
  await ctx.events.send(stagingPoll.create({ generationId: id, round: 0 }));
  return { id };
}
