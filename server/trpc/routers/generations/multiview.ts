/** Workflow 2: a multi-view set of one room, and redoing one of its views. */
import "server-only";
import { redoView } from "@/server/studio/generations/multiview/redo-view";
import { RedoViewSchema } from "@/server/studio/generations/multiview/redo-view.schema";
import { startMultiview } from "@/server/studio/generations/multiview/start-multiview";
import { StartMultiviewSchema } from "@/server/studio/generations/multiview/start-multiview.schema";
import { router, spendingProcedure } from "../../procedures";

export const multiviewRouter = router({
  multiview: spendingProcedure()
    .input(StartMultiviewSchema)
    .mutation(({ ctx, input }) => startMultiview(ctx.studio, { ...input, workspaceId: ctx.workspace.id, userId: ctx.user.id })),

  redoView: spendingProcedure()
    .input(RedoViewSchema)
    .mutation(({ ctx, input }) => redoView(ctx.studio, { ...input, workspaceId: ctx.workspace.id })),
});
