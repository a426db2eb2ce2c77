import { z } from "zod";
import { accountQuota } from "@/server/studio/usage/account-quota";
import { usageSummary } from "@/server/studio/usage/usage-summary";
import { router, workspaceProcedure } from "../procedures";

export const usageRouter = router({
  summary: workspaceProcedure()
    .input(z.object({ month: z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/).optional() }))
    .query(({ ctx, input }) => usageSummary(ctx.studio, { workspaceId: ctx.workspace.id, month: input.month })),

  quota: workspaceProcedure().query(({ ctx }) => accountQuota({ workspaceId: ctx.workspace.id })),
});
