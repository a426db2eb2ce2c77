/**
 * The workspace's usage as a CSV file, one row per charge the service reported: for a
 * spreadsheet, an invoice check or a split of costs by agent. A month narrows it.
 */
import "server-only";
import { and, asc, eq } from "drizzle-orm";
import { projects, users } from "@/db/schema/studio";
import { usageEntries } from "@/db/schema/studio-generations";
import { USAGE_OPERATION_LABELS } from "@/shared/vocabulary";
import type { StudioContext } from "../context";

const HEADER = ["Date (UTC)", "Month", "Member", "Project", "Operation", "Credits", "Requests", "Service job"];

/**
 * One CSV field (RFC 4180): quoted when it holds a separator, quote or line break; a
 * leading =, +, - or @ of free text is defused so a spreadsheet does not run it.
 */
export function csvField(value: string | number): string {
  if (typeof value === "number") return String(value);
  const text = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export async function exportUsageCsv(ctx: Pick<StudioContext, "db">, input: { workspaceId: string; month?: string }) {
  const rows = await ctx.db
    .select({
      createdAt: usageEntries.createdAt,
      month: usageEntries.month,
      member: users.name,
      project: projects.address,
      operation: usageEntries.operation,
      credits: usageEntries.credits,
      units: usageEntries.quotaUnits,
      serviceJobId: usageEntries.serviceJobId,
    })
    .from(usageEntries)
    .leftJoin(users, eq(users.id, usageEntries.userId))
    .leftJoin(projects, eq(projects.id, usageEntries.projectId))
    .where(and(eq(usageEntries.workspaceId, input.workspaceId), input.month ? eq(usageEntries.month, input.month) : undefined))
    .orderBy(asc(usageEntries.createdAt), asc(usageEntries.id));
  const lines = [
    HEADER,
    ...rows.map((row) => [
      row.createdAt.toISOString().replace(/\.\d+Z$/, "Z"),
      row.month,
      row.member ?? "Former member",
      row.project ?? "Deleted project",
      USAGE_OPERATION_LABELS[row.operation] ?? row.operation,
      row.credits,
      row.units,
      row.serviceJobId,
    ]),
  ];
  return {
    fileName: `atrium-usage-${input.month ?? "all"}.csv`,
    csv: lines.map((line) => line.map(csvField).join(",")).join("\r\n") + "\r\n",
    rows: rows.length,
  };
}
