import "server-only";
import { z } from "zod";
import { accountQuota } from "@/server/studio/usage/account-quota";
import { exportUsageCsv } from "@/server/studio/usage/export-usage-csv";
import { usageSummary } from "@/server/studio/usage/usage-summary";
import { router, workspaceProcedure } from "../procedures";

const MonthSchema = z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/);

export const usageRouter = router({
  summary: workspaceProcedure()
    .input(z.object({ month: MonthSchema.optional() }))
    .query(({ ctx, input }) => usageSummary(ctx.studio, { workspaceId: ctx.workspace.id, month: input.month })),

  /** The account as the service sees it: quota, credit balance and plan (GET /me). */
  quota: workspaceProcedure().query(({ ctx }) => accountQuota(ctx.studio, { workspaceId: ctx.workspace.id })),

  exportCsv: workspaceProcedure()
    .input(z.object({ month: MonthSchema.optional() }))
    .query(({ ctx, input }) => exportUsageCsv(ctx.studio, { workspaceId: ctx.workspace.id, month: input.month })),
});
