/** What each plan allows (D1, D5, D10), from the plan table (shared/plans.ts). Rate limits come from settings. */
import "server-only";
import { env } from "@/env";
import type { Plan } from "@/shared/vocabulary";
import { PLAN_TABLE } from "@/shared/plans";

/** Outputs of POST /job when `fast` is not true (D5). */
export function outputsPerPlan(plan: Plan): number {
  return PLAN_TABLE[plan].jobOutputs;
}

/** Monthly quota given to a new account, or on a change of plan, when none is named: the plan table's. */
export function defaultQuota(plan: Plan): number {
  return PLAN_TABLE[plan].monthlyQuota;
}

/** Requests per minute per account: each plan's setting (V1_RATE_LIMIT_FREE, _PREMIUM, _BUSINESS). */
export function rateLimitPerMinute(plan: Plan): number {
  return env[`V1_RATE_LIMIT_${plan.toUpperCase() as Uppercase<Plan>}`];
}
