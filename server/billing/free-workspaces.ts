/**
 * The Free plan's limits that follow the person rather than the workspace (D15, security
 * H1): at most FREE_WORKSPACES_PER_PERSON free workspaces per owner, and the Free quota
 * only once an owner has confirmed their address.
 */
import "server-only";
import { sql } from "drizzle-orm";
import type { Tx } from "@/db/client";
import { env } from "@/env";
import { AppError } from "@/server/errors";
import { setPlan } from "@/server/v1/services/accounts/set-plan";
import { FREE_WORKSPACE_LIMIT_MESSAGE, FREE_WORKSPACES_PER_PERSON, planQuota } from "@/shared/plans";

/**
 * Refuses a new workspace that would be the person's fourth on the Free plan. Run in the
 * creating transaction: the person's row is locked, so two creates at once count in turn.
 */
export async function assertMayCreateFreeWorkspace(db: Tx, userId: string): Promise<void> {
  if (env.STUDIO_SIGNUP_PLAN !== "free") return;
  await db.execute(sql`select id from studio.users where id = ${userId} for update`);
  const [row] = await db.execute<{ owned: number }>(sql`
    select count(*)::int as owned from studio.members m
    join studio.workspaces w on w.id = m.workspace_id
    join v1.accounts a on a.id::text = w.v1_account_id
    where m.user_id = ${userId} and m.role = 'owner' and a.plan = 'free'`);
  if (Number(row.owned) >= FREE_WORKSPACES_PER_PERSON) throw new AppError("free_workspace_limit", FREE_WORKSPACE_LIMIT_MESSAGE);
}

/** Whether one of the owners of the workspace on this v1 account has confirmed their address. */
export async function hasConfirmedOwner(db: Tx, accountId: string): Promise<boolean> {
  const rows = await db.execute(sql`
    select 1 from studio.workspaces w
    join studio.members m on m.workspace_id = w.id and m.role = 'owner'
    join studio.users u on u.id = m.user_id and u.email_verified_at is not null
    where w.v1_account_id = ${accountId} limit 1`);
  return rows.length > 0;
}

/** After a person confirms their address: their Free workspaces get the quota they were made without. */
export async function grantFreeQuotaOnConfirm(db: Tx, userId: string): Promise<void> {
  const waiting = await db.execute<{ account_id: string }>(sql`
    select a.id as account_id from studio.members m
    join studio.workspaces w on w.id = m.workspace_id
    join v1.accounts a on a.id::text = w.v1_account_id
    where m.user_id = ${userId} and m.role = 'owner' and a.plan = 'free' and a.monthly_quota = 0`);
  for (const { account_id } of waiting) {
    await setPlan(db, { accountId: account_id, plan: "free", quota: planQuota("free", true), source: "signup" });
  }
}
