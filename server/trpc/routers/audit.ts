import "server-only";
import { z } from "zod";
import { exportAuditCsv } from "@/server/studio/audit/export-audit-csv";
import { listAuditEvents } from "@/server/studio/audit/list-audit-events";
import { permittedProcedure, router } from "../procedures";

/** The workspace's audit log: owners and admins only. */
export const auditRouter = router({
  list: permittedProcedure("read_audit_log")
    .input(z.object({ before: z.number().int().positive().optional() }))
    .query(({ ctx, input }) => listAuditEvents(ctx.studio, { workspaceId: ctx.workspace.id, before: input.before })),

  exportCsv: permittedProcedure("read_audit_log").query(({ ctx }) =>
    exportAuditCsv(ctx.studio, { workspaceId: ctx.workspace.id, now: ctx.studio.now() }),
  ),
});
