/**
 * Compliance of published photos: change maps of outputs, the project's listing remarks
 * and the workspace's MLS rule set. Each procedure validates, calls one verb, returns.
 */
import "server-only";
import { z } from "zod";
import { showChangeMap } from "@/server/studio/exports/show-change-map";
import { showListingRemarks } from "@/server/studio/exports/show-listing-remarks";
import { setMlsRuleSet } from "@/server/studio/workspaces/set-mls-rule-set";
import { showMlsRuleSet } from "@/server/studio/workspaces/show-mls-rule-set";
import { COPY_LANGUAGES } from "@/shared/vocabulary";
import { MLS_RULE_SET_IDS } from "@/shared/mls-rules";
import { permittedProcedure, router, workspaceProcedure } from "../procedures";

export const complianceRouter = router({
  changeMap: workspaceProcedure()
    .input(z.object({ outputId: z.uuid() }))
    .query(({ ctx, input }) => showChangeMap(ctx.studio, { workspaceId: ctx.workspace.id, outputId: input.outputId })),

  listingRemarks: workspaceProcedure()
    .input(z.object({ projectId: z.uuid(), language: z.enum(COPY_LANGUAGES).nullish() }))
    .query(({ ctx, input }) =>
      showListingRemarks(ctx.studio, { workspaceId: ctx.workspace.id, projectId: input.projectId, language: input.language }),
    ),

  ruleSet: workspaceProcedure().query(({ ctx }) => showMlsRuleSet(ctx.studio, { workspaceId: ctx.workspace.id })),

  setRuleSet: permittedProcedure("manage_workspace")
    .input(z.object({ ruleSetId: z.enum(MLS_RULE_SET_IDS) }))
    .mutation(({ ctx, input }) => setMlsRuleSet(ctx.studio, { workspaceId: ctx.workspace.id, ruleSetId: input.ruleSetId })),
});
