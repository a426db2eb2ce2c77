/**
 * Redoes one sibling view of a multi-view set (POST /multiview/redo): no credits, one
 * quota unit, at most 4 attempts per view in all. The set is polled again afterwards. A
 * review redo (D17, review/redo-review.ts) takes no quota unit either.
 */
import "server-only";
import { and, eq } from "drizzle-orm";
import { multiviewPoll } from "@/inngest/studio-events";
import { generationOutputs, generations } from "@/db/schema/studio-generations";
import type { z } from "zod";
import { AppError } from "@/server/errors";
import { MULTIVIEW_MAX_ATTEMPTS } from "@/shared/vocabulary";
import type { StudioContext } from "../../context";
import { recordUsage } from "../../usage/record-usage";
import { updateGeneration, updateOutput } from "../records";
import { idempotencyFor } from "../start-once";
import type { RedoViewSchema } from "./redo-view.schema";

export async function redoView(ctx: StudioContext, input: z.infer<typeof RedoViewSchema> & { workspaceId: string; reviewRedo?: boolean }) {
  const [generation] = await ctx.db
    .select()
    .from(generations)
    .where(and(eq(generations.id, input.generationId), eq(generations.workspaceId, input.workspaceId), eq(generations.kind, "multiview")));
  if (!generation?.serviceJobId) throw new AppError("not_found", "Multi-view set not found.");
  const [view] = await ctx.db
    .select()
    .from(generationOutputs)
    .where(
      and(
        eq(generationOutputs.generationId, generation.id),
        eq(generationOutputs.role, "view"),
        eq(generationOutputs.position, input.viewIndex),
      ),
    );
  if (!view || input.viewIndex === 0) throw new AppError("view_not_redoable", "Only the other views (not the anchor) can be redone.");
  if (view.status === "running") throw new AppError("view_not_redoable", "This view is still being generated.");
  if (view.attempts >= MULTIVIEW_MAX_ATTEMPTS)
    throw new AppError("redo_limit_exceeded", `This view has used all ${MULTIVIEW_MAX_ATTEMPTS} attempts.`);

  const attempt = view.attempts + 1;
  const client = await ctx.v1.forWorkspace(input.workspaceId);
  const redone = await client.redoMultiview(
    { render_set_id: generation.serviceJobId, view_index: input.viewIndex, ...(input.reviewRedo ? { review_redo: true } : {}) },
    idempotencyFor(generation.id, `redo-${input.viewIndex}-${attempt}`),
  );
  const target = { generationId: generation.id, role: view.role, position: view.position };
  // The last image (passed or held back) stays on screen until the new one is ready.
  await updateOutput(ctx, target, { status: "running", attempts: attempt, gate: null, gateScores: null, error: null });
  await updateGeneration(ctx, generation.id, { status: "running" });
  const jobId = redone.job_id ?? redone.result?.job_id ?? view.serviceJobId ?? `${generation.serviceJobId}:${input.viewIndex}`;
  await recordUsage(ctx, generation, {
    operation: "multiview_redo",
    serviceJobId: jobId,
    credits: redone.credits_charged,
    quotaUnits: input.reviewRedo ? 0 : 1,
    attempt,
  });
  await ctx.events.send(multiviewPoll.create({ generationId: generation.id, round: 0 }));
  return { attempt, attemptsLeft: MULTIVIEW_MAX_ATTEMPTS - attempt };
}
