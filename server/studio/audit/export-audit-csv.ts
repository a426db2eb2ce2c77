/**
 * A workspace's whole audit log as a CSV file, oldest first: for a records request, a
 * spreadsheet or another system's archive.
 */
import "server-only";
import { asc, eq } from "drizzle-orm";
import { auditEvents } from "@/db/schema/studio-audit";
import { AUDIT_ACTION_LABELS, isAuditAction } from "@/shared/audit-actions";
import { formatAuditDetail } from "@/shared/audit-detail";
import type { StudioContext } from "../context";
import { csvField } from "../usage/export-usage-csv";

const HEADER = ["Time (UTC)", "Action", "Action id", "Actor", "Target", "Detail", "Client address"];

export async function exportAuditCsv(ctx: Pick<StudioContext, "db">, input: { workspaceId: string; now: Date }) {
  const rows = await ctx.db.select().from(auditEvents).where(eq(auditEvents.workspaceId, input.workspaceId)).orderBy(asc(auditEvents.id));
  const lines = [
    HEADER,
    ...rows.map((row) => [
      row.createdAt.toISOString(),
      isAuditAction(row.action) ? AUDIT_ACTION_LABELS[row.action] : row.action,
      row.action,
      row.actorEmail ?? (row.actorUserId ? "Former member" : "System"),
      row.target ?? "",
      formatAuditDetail(row.detail),
      row.ip ?? "",
    ]),
  ];
  return {
    fileName: `atrium-audit-log-${input.now.toISOString().slice(0, 10)}.csv`,
    csv: lines.map((line) => line.map(csvField).join(",")).join("\r\n") + "\r\n",
    rows: rows.length,
  };
}
