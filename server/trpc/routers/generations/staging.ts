/** Workflow 1: stage one photo. */
import "server-only";
import { startStaging } from "@/server/studio/generations/staging/start-staging";
import { StartStagingSchema } from "@/server/studio/generations/staging/start-staging.schema";
import { router, spendingProcedure } from "../../procedures";

export const stagingRouter = router({
  stage: spendingProcedure()
    .input(StartStagingSchema)
    .mutation(({ ctx, input }) => startStaging(ctx.studio, { ...input, workspaceId: ctx.workspace.id, userId: ctx.user.id })),
});
