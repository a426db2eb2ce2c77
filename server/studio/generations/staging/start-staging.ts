/**
 * Workflow 1: stage a photo. The job is created on the service right away (so a refusal
 * reaches the person at once, in plain words); a durable function then polls it.
 */
import "server-only";
import { stagingPoll } from "@/inngest/studio-events";
import type { StudioContext } from "../../context";
import { enforceMlsRules } from "../enforce-mls-rules";
import { loadProjectPhotos } from "../load-project-photos";
import { recordStart } from "../record-start";
import { startedFrom } from "../records";
import { idempotencyFor, startOnce, type StartAction } from "../start-once";
import { keepForRun, keepMaskUrl } from "../kept-areas";
import { jobRequest } from "./job-request";
import type { StartStagingInput } from "./start-staging.schema";

/** Starts the workflow once per user action (see start-once.ts). */
export async function startStaging(ctx: StudioContext, input: StartAction<StartStagingInput, string | null>) {
  return startOnce(ctx, input, async (id) => {
    await enforceMlsRules(ctx, { workspaceId: input.workspaceId, operation: input.redesignType, setting: input.roomType });
    const [photo] = await loadProjectPhotos(ctx, { ...input, photoIds: [input.photoId] });
    const request = jobRequest(input);
    // The areas the agent keeps on this photo (D17), as they are now.
    const kept = await keepForRun(ctx, { ...input, id }, [photo]);
    const keepMask = await keepMaskUrl(ctx, kept, photo.storageKey);
    const client = await ctx.v1.forWorkspace(input.workspaceId);
    const { jobId } = await client.createJob(
      { ...request, source_url: await ctx.storage.url(photo.storageKey), ...(keepMask ? { keep_mask_url: keepMask } : {}) },
      idempotencyFor(id),
    );
    return recordStart(ctx, {
      generation: { ...startedFrom(input, id), kind: "staging", photoId: photo.id, params: { ...request, kept }, serviceJobId: jobId },
      // The legacy route has no credit envelope: the job costs one quota unit and no credits.
      charge: { operation: "job", serviceJobId: jobId, credits: 0, quotaUnits: 1 },
      poll: stagingPoll,
    });
  });
}
