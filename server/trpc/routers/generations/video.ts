/** A five-second video from a photo or a result. */
import "server-only";
import { startVideo } from "@/server/studio/generations/video/start-video";
import { StartVideoSchema } from "@/server/studio/generations/video/start-video.schema";
import { router, spendingProcedure } from "../../procedures";

export const videoRouter = router({
  video: spendingProcedure()
    .input(StartVideoSchema)
    .mutation(({ ctx, input }) => startVideo(ctx.studio, { ...input, workspaceId: ctx.workspace.id, userId: ctx.user.id })),
});
