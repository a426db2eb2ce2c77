/**
 * Compliance of published photos: change maps of outputs (more to come: listing remarks,
 * the workspace's MLS rule set). Each procedure validates, calls one verb, returns.
 */
import { z } from "zod";
import { showChangeMap } from "@/server/studio/exports/show-change-map";
import { router, workspaceProcedure } from "../procedures";

export const complianceRouter = router({
  changeMap: workspaceProcedure()
    .input(z.object({ outputId: z.uuid() }))
    .query(({ ctx, input }) => showChangeMap(ctx.studio, { workspaceId: ctx.workspace.id, outputId: input.outputId })),
});
