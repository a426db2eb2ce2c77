/** Workflow 4: listing copy from chosen photos, and the team's edits of it. */
import "server-only";
import { reviseDescription } from "@/server/studio/generations/description/revise-description";
import { ReviseDescriptionSchema } from "@/server/studio/generations/description/revise-description.schema";
import { startDescription } from "@/server/studio/generations/description/start-description";
import { StartDescriptionSchema } from "@/server/studio/generations/description/start-description.schema";
import { router, spendingProcedure, workspaceProcedure } from "../../procedures";

export const descriptionRouter = router({
  describe: spendingProcedure()
    .input(StartDescriptionSchema)
    .mutation(({ ctx, input }) => startDescription(ctx.studio, { ...input, workspaceId: ctx.workspace.id, userId: ctx.user.id })),

  reviseDescription: workspaceProcedure()
    .input(ReviseDescriptionSchema)
    .mutation(({ ctx, input }) => reviseDescription(ctx.studio, { ...input, workspaceId: ctx.workspace.id, userId: ctx.user.id })),
});
