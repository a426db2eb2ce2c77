/** What each plan allows (D1, D5, D10). Rate limits come from settings. */
import "server-only";
import { env } from "@/env";
import type { Plan } from "@/shared/vocabulary";
import { PLAN_TABLE } from "@/shared/plans";

/** Outputs of POST /job when `fast` is not true (D5). */
export const OUTPUTS_PER_PLAN: Record<Plan, number> = { free: 1, premium: 2, business: 4 };

/** Monthly quota given to a new account, or on a change of plan, when none is named: the plan table's. */
export const DEFAULT_QUOTA: Record<Plan, number> = {
  free: PLAN_TABLE.free.monthlyQuota,
  premium: PLAN_TABLE.premium.monthlyQuota,
  business: PLAN_TABLE.business.monthlyQuota,
};

export function rateLimitPerMinute(plan: Plan): number {
  return { free: env.V1_RATE_LIMIT_FREE, premium: env.V1_RATE_LIMIT_PREMIUM, business: env.V1_RATE_LIMIT_BUSINESS }[plan];
}
