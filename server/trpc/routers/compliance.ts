/**
 * Compliance of published photos: change maps of outputs and the workspace's MLS rule
 * set. Each procedure validates, calls one verb, returns.
 */
import { z } from "zod";
import { showChangeMap } from "@/server/studio/exports/show-change-map";
import { setMlsRuleSet } from "@/server/studio/workspaces/set-mls-rule-set";
import { showMlsRuleSet } from "@/server/studio/workspaces/show-mls-rule-set";
import { MLS_RULE_SET_IDS } from "@/shared/mls-rules";
import { router, workspaceProcedure } from "../procedures";

export const complianceRouter = router({
  changeMap: workspaceProcedure()
    .input(z.object({ outputId: z.uuid() }))
    .query(({ ctx, input }) => showChangeMap(ctx.studio, { workspaceId: ctx.workspace.id, outputId: input.outputId })),

  ruleSet: workspaceProcedure().query(({ ctx }) => showMlsRuleSet(ctx.studio, { workspaceId: ctx.workspace.id })),

  setRuleSet: workspaceProcedure("admin")
    .input(z.object({ ruleSetId: z.enum(MLS_RULE_SET_IDS) }))
    .mutation(({ ctx, input }) => setMlsRuleSet(ctx.studio, { workspaceId: ctx.workspace.id, ruleSetId: input.ruleSetId })),
});
