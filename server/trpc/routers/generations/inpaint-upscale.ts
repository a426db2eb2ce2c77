/** Workflow 3: inpaint a painted area, then upscale the result. */
import "server-only";
import { startInpaintUpscale } from "@/server/studio/generations/inpaint-upscale/start-inpaint-upscale";
import { StartInpaintUpscaleSchema } from "@/server/studio/generations/inpaint-upscale/start-inpaint-upscale.schema";
import { router, spendingProcedure } from "../../procedures";

export const inpaintUpscaleRouter = router({
  inpaintUpscale: spendingProcedure()
    .input(StartInpaintUpscaleSchema)
    .mutation(({ ctx, input }) => startInpaintUpscale(ctx.studio, { ...input, workspaceId: ctx.workspace.id, userId: ctx.user.id })),
});
