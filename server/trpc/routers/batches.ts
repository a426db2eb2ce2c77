/**
 * Whole-listing staging: each procedure validates, calls one verb in
 * server/studio/batches, and returns.
 */
import "server-only";
import { z } from "zod";
import { cancelBatch } from "@/server/studio/batches/cancel-batch";
import { listBatches } from "@/server/studio/batches/list-batches";
import { pauseBatch } from "@/server/studio/batches/pause-batch";
import { resumeBatch } from "@/server/studio/batches/resume-batch";
import { startBatch } from "@/server/studio/batches/start-batch";
import { StartBatchSchema } from "@/server/studio/batches/start-batch.schema";
import { suggestRoomTypes } from "@/server/studio/batches/suggest-room-types";
import { router, spendingProcedure, workspaceProcedure } from "../procedures";

const BatchRefSchema = z.object({ batchId: z.uuid() });

export const batchesRouter = router({
  list: workspaceProcedure()
    .input(z.object({ projectId: z.uuid() }))
    .query(({ ctx, input }) => listBatches(ctx.studio, { workspaceId: ctx.workspace.id, projectId: input.projectId })),

  suggestRoomTypes: workspaceProcedure()
    .input(z.object({ projectId: z.uuid() }))
    .query(({ ctx, input }) => suggestRoomTypes(ctx.studio, { workspaceId: ctx.workspace.id, projectId: input.projectId })),

  start: spendingProcedure()
    .input(StartBatchSchema)
    .mutation(({ ctx, input }) => startBatch(ctx.studio, { ...input, workspaceId: ctx.workspace.id, userId: ctx.user.id })),

  pause: workspaceProcedure()
    .input(BatchRefSchema)
    .mutation(({ ctx, input }) => pauseBatch(ctx.studio, { workspaceId: ctx.workspace.id, batchId: input.batchId })),

  resume: spendingProcedure()
    .input(BatchRefSchema)
    .mutation(({ ctx, input }) => resumeBatch(ctx.studio, { workspaceId: ctx.workspace.id, batchId: input.batchId })),

  cancel: workspaceProcedure()
    .input(BatchRefSchema)
    .mutation(({ ctx, input }) => cancelBatch(ctx.studio, { workspaceId: ctx.workspace.id, batchId: input.batchId })),
});
