/**
 * The second half of the plans migration (0024_billing_plans_data.sql marks the accounts):
 * studio accounts provisioned before plans existed move to the plan STUDIO_SIGNUP_PLAN
 * names, once, as a new workspace would start. A setting cannot be read by a SQL file, so
 * this runs right after the migrations, under their lock. Free quota only for a workspace
 * with a confirmed owner (shared/plans.ts planQuota).
 */
import "server-only";
import type postgres from "postgres";
import { FREE_PLAN, PLANS, type Plan } from "@/shared/vocabulary";
import { PLAN_TABLE } from "../shared/plans";
import { OWNER } from "../shared/roles";

/** Before plans existed every studio account could use everything: the highest plan, as the plan history records it. */
const LEGACY_PLAN = PLANS[PLANS.length - 1];

export async function moveLegacyAccountsToSignupPlan(sql: postgres.Sql, plan: Plan): Promise<number> {
  const quota = PLAN_TABLE[plan].monthlyQuota;
  const moved = await sql`
    with moved as (
      update v1.accounts a
      set plan = ${plan}, plan_source = 'signup', updated_at = now(),
        monthly_quota = case when ${plan === FREE_PLAN}::boolean and not exists (
          select 1 from studio.workspaces w
          join studio.members m on m.workspace_id = w.id and m.role = ${OWNER}
          join studio.users u on u.id = m.user_id and u.email_verified_at is not null
          where w.v1_account_id = a.id::text) then 0 else ${quota}::int end
      where a.plan_source = 'legacy'
      returning a.id, a.monthly_quota
    )
    insert into v1.plan_changes (account_id, from_plan, to_plan, monthly_quota, source)
    select id, ${LEGACY_PLAN}, ${plan}, monthly_quota, 'signup' from moved
    returning id`;
  return moved.length;
}
