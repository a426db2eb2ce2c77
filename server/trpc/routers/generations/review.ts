/** Results the structure check asked a person to look at (D17): "Looks right", and a free "Redo". */
import "server-only";
import { z } from "zod";
import { markLooksRight } from "@/server/studio/generations/review/mark-looks-right";
import { redoReview } from "@/server/studio/generations/review/redo-review";
import { RedoReviewSchema } from "@/server/studio/generations/review/redo-review.schema";
import { router, spendingProcedure, workspaceProcedure } from "../../procedures";

export const reviewRouter = router({
  looksRight: workspaceProcedure()
    .input(z.object({ outputId: z.uuid() }))
    .mutation(({ ctx, input }) => markLooksRight(ctx.studio, { ...input, workspaceId: ctx.workspace.id, userId: ctx.user.id, ip: ctx.ip })),

  redoReview: spendingProcedure()
    .input(RedoReviewSchema)
    .mutation(({ ctx, input }) => redoReview(ctx.studio, { ...input, workspaceId: ctx.workspace.id, userId: ctx.user.id, ip: ctx.ip })),
});
