/**
 * Puts a workspace's v1 account on a plan with the plan table's quota (Free's only with a
 * confirmed owner), recording who made the change. Credits are untouched: a return to
 * Free keeps them (D15).
 */
import "server-only";
import type { Tx } from "@/db/client";
import type { PlanSource } from "@/db/schema";
import type { Plan } from "@/shared/vocabulary";
import { setPlan } from "@/server/v1/services/accounts/set-plan";
import { planQuota } from "@/shared/plans";
import { hasConfirmedOwner } from "./free-workspaces";

export async function applyPlan(tx: Tx, input: { accountId: string; plan: Plan; source: PlanSource; reference?: string }): Promise<{ changed: boolean }> {
  const confirmed = input.plan === "free" ? await hasConfirmedOwner(tx, input.accountId) : true;
  return setPlan(tx, { accountId: input.accountId, plan: input.plan, quota: planQuota(input.plan, confirmed), source: input.source, reference: input.reference });
}
