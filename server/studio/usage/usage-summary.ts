/**
 * The workspace's recorded usage: credits and quota units per month (the last six, for
 * the chart), and for one month by project, by member and by operation (the tables).
 */
import "server-only";
import { and, eq, gte, sql, sum } from "drizzle-orm";
import { projects, users } from "@/db/schema/studio";
import { usageEntries } from "@/db/schema/studio-generations";
import type { StudioContext } from "../context";
import type { UsageOperation } from "@/shared/vocabulary";
import { usageMonth } from "./record-usage";

const CHART_MONTHS = 6;

export function lastMonths(now: Date, count: number): string[] {
  return Array.from({ length: count }, (_, i) =>
    usageMonth(new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - (count - 1 - i), 1))),
  );
}

export async function usageSummary(ctx: Pick<StudioContext, "db" | "now">, input: { workspaceId: string; month?: string }) {
  const months = lastMonths(ctx.now(), CHART_MONTHS);
  const month = input.month ?? months[months.length - 1];
  const totals = { credits: sum(usageEntries.credits).mapWith(Number), units: sum(usageEntries.quotaUnits).mapWith(Number) };
  const inWorkspace = eq(usageEntries.workspaceId, input.workspaceId);
  const inMonth = and(inWorkspace, eq(usageEntries.month, month));

  const [byMonthRows, byProject, byMember, byOperation] = await Promise.all([
    ctx.db
      .select({ month: usageEntries.month, ...totals })
      .from(usageEntries)
      .where(and(inWorkspace, gte(usageEntries.month, months[0])))
      .groupBy(usageEntries.month),
    ctx.db
      .select({ projectId: usageEntries.projectId, address: sql<string | null>`max(${projects.address})`, ...totals })
      .from(usageEntries)
      .leftJoin(projects, eq(projects.id, usageEntries.projectId))
      .where(inMonth)
      .groupBy(usageEntries.projectId),
    ctx.db
      .select({ userId: usageEntries.userId, name: sql<string | null>`max(${users.name})`, ...totals })
      .from(usageEntries)
      .leftJoin(users, eq(users.id, usageEntries.userId))
      .where(inMonth)
      .groupBy(usageEntries.userId),
    ctx.db
      .select({ operation: usageEntries.operation, ...totals })
      .from(usageEntries)
      .where(inMonth)
      .groupBy(usageEntries.operation),
  ]);
  const byCredits = <T extends { credits: number; units: number }>(rows: T[]) =>
    rows.sort((a, b) => b.credits - a.credits || b.units - a.units);
  const byMonth = months.map((m) => byMonthRows.find((row) => row.month === m) ?? { month: m, credits: 0, units: 0 });
  const current = byMonth.find((row) => row.month === month) ?? { credits: 0, units: 0 };
  return {
    month,
    months,
    byMonth,
    credits: current.credits,
    units: current.units,
    byProject: byCredits(byProject.map((row) => ({ ...row, address: row.address ?? "Deleted project" }))),
    byMember: byCredits(byMember.map((row) => ({ ...row, name: row.name ?? "Former member" }))),
    byOperation: byCredits(byOperation.map((row) => ({ ...row, operation: row.operation as UsageOperation }))),
  };
}
