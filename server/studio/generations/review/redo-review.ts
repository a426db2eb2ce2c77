/**
 * "Redo": the person who looked at an image the structure check marked for review judged
 * that it changed the room, so it is made again at no cost (D17): a staging output as a
 * new staging of the same photo (`review_redo_of`: the service uses the photo it stored),
 * a multi-view sibling on its own row (`review_redo`). The service allows
 * FREE_REVIEW_REDOS_PER_DAY per photo a UTC day and says so past them. The anchor of a set
 * sets the style of the others and is not redone alone. Each redo is in the audit log.
 */
import "server-only";
import { stagingPoll } from "@/inngest/studio-events";
import { AppError } from "@/server/errors";
import type { StudioContext } from "../../context";
import { recordAudit } from "../../audit/record-audit";
import { redoView } from "../multiview/redo-view";
import { recordStart } from "../record-start";
import { startedFrom } from "../records";
import { idempotencyFor, startOnce } from "../start-once";
import type { StagingParams } from "../staging/job-request";
import { reviewTarget } from "./review-target";

export async function redoReview(
  ctx: StudioContext,
  input: { workspaceId: string; userId: string; requestId?: string; outputId: string; ip?: string | null },
): Promise<{ generationId: string }> {
  const { output, generation, label } = await reviewTarget(ctx.db, input);
  if (output.status === "running") throw new AppError("conflict", "A new image is already being made.");
  const audit = (detail: Record<string, string | number>) =>
    ctx.db.transaction((tx) =>
      recordAudit(tx, {
        workspaceId: input.workspaceId,
        actorUserId: input.userId,
        action: "result_review_redone",
        target: label,
        detail,
        ip: input.ip,
      }),
    );

  if (output.role === "view") {
    if (output.position === 0)
      throw new AppError("view_not_redoable", "The first view sets the style of the others: start the set again to make it anew.");
    const { attempt } = await redoView(ctx, {
      workspaceId: input.workspaceId,
      generationId: generation.id,
      viewIndex: output.position,
      reviewRedo: true,
    });
    await audit({ attempt });
    return { generationId: generation.id };
  }
  if (generation.kind !== "staging" || !generation.serviceJobId || !generation.photoId)
    throw new AppError("conflict", "Only staging results and multi-view views can be redone this way.");
  const { id } = await startOnce(ctx, { workspaceId: input.workspaceId, requestId: input.requestId }, async (id) => {
    const params = generation.params as StagingParams;
    const client = await ctx.v1.forWorkspace(input.workspaceId);
    const photo = output.sourceKey ? await ctx.storage.url(output.sourceKey) : null;
    if (!photo) throw new AppError("not_found", "The original photo of this result is gone.");
    const { jobId } = await client.createJob(
      { ...params, source_url: photo, review_redo_of: generation.serviceJobId! },
      idempotencyFor(id),
    );
    const started = await recordStart(ctx, {
      generation: {
        ...startedFrom({ ...input, projectId: generation.projectId }, id),
        kind: "staging",
        photoId: generation.photoId,
        params: { ...params, reviewRedoOf: output.id },
        serviceJobId: jobId,
      },
      // A free redo (D17): no credits, no quota unit.
      charge: { operation: "job", serviceJobId: jobId, credits: 0, quotaUnits: 0 },
      poll: stagingPoll,
    });
    await audit({ result: "new run" });
    return started;
  });
  return { generationId: id };
}
