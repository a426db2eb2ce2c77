/**
 * The studio's workflows, one router per workflow (beside its folder in
 * server/studio/generations/), merged so each procedure keeps its path
 * (`generations.stage`, `generations.video`…). Every procedure validates with the schema
 * beside its verb, calls that verb, and returns. Image work goes to the v1 API over HTTP
 * with the workspace's server-held key; nothing here returns that key.
 */
import "server-only";
import { z } from "zod";
import { deleteGeneration } from "@/server/studio/generations/delete-generation";
import { listGenerations } from "@/server/studio/generations/list-generations";
import { mergeRouters, router, workspaceProcedure } from "../../procedures";
import { descriptionRouter } from "./description";
import { inpaintUpscaleRouter } from "./inpaint-upscale";
import { multiviewRouter } from "./multiview";
import { reviewRouter } from "./review";
import { stagingRouter } from "./staging";
import { videoRouter } from "./video";

/** What every workflow shares: the project's runs, and deleting a finished one. */
const runsRouter = router({
  list: workspaceProcedure()
    .input(z.object({ projectId: z.uuid() }))
    .query(({ ctx, input }) =>
      listGenerations(ctx.studio, {
        workspaceId: ctx.workspace.id,
        projectId: input.projectId,
        viewer: { userId: ctx.user.id, role: ctx.role },
      }),
    ),

  delete: workspaceProcedure()
    .input(z.object({ generationId: z.uuid() }))
    .mutation(({ ctx, input }) =>
      deleteGeneration(ctx.studio, {
        workspaceId: ctx.workspace.id,
        generationId: input.generationId,
        userId: ctx.user.id,
        role: ctx.role,
      }),
    ),
});

export const generationsRouter = mergeRouters(
  runsRouter,
  stagingRouter,
  multiviewRouter,
  reviewRouter,
  inpaintUpscaleRouter,
  videoRouter,
  descriptionRouter,
);
