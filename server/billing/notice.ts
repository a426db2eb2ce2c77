/**
 * What every workspace page must say about billing, from one row read: a renewal that
 * failed (past_due), and for PLAN_ENDED_NOTICE_DAYS a plan that ended because its payment
 * failed.
 */
import "server-only";
import { readBillingRow } from "./billing-row";
import type { BillingContext } from "./context";
import { PAST_DUE_STATUS, PLAN_ENDED_NOTICE_DAYS } from "@/shared/plans";
import { isPaidPlan, type PaidPlan } from "@/shared/vocabulary";

export interface BillingNotice {
  pastDue: boolean;
  planEnded: { plan: PaidPlan; at: Date } | null;
}

export async function notice(ctx: Pick<BillingContext, "db" | "now">, input: { workspaceId: string }): Promise<BillingNotice> {
  const row = await readBillingRow(ctx.db, input.workspaceId);
  const endedAt = row?.endedUnpaidAt ?? null;
  const recent = endedAt !== null && ctx.now().getTime() - endedAt.getTime() < PLAN_ENDED_NOTICE_DAYS * 86_400_000;
  const plan = row?.subscriptionPlan && isPaidPlan(row.subscriptionPlan) ? row.subscriptionPlan : null;
  return { pastDue: row?.subscriptionStatus === PAST_DUE_STATUS, planEnded: recent && plan ? { plan, at: endedAt } : null };
}
