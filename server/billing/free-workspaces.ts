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
import { OWNER } from "@/shared/roles";
import { FREE_PLAN } from "@/shared/vocabulary";

/**
 * Refuses a new workspace that would be the person's fourth on the Free plan. Counted:
 * the free workspaces they created (even one they handed to another owner and stepped
 * down from, security N4) or own now; a deleted one no longer counts. Run first in the
 * creating transaction, before anything refers to the person's row: the row is locked
 * (FOR NO KEY UPDATE, which the foreign-key locks of later inserts do not wait on), so
 * one person's creates count in turn and never deadlock on that row.
 */
export async function assertMayCreateFreeWorkspace(db: Tx, userId: string): Promise<void> {
  await db.execute(sql`select id from studio.users where id = ${userId} for no key update`);
  if (env.STUDIO_SIGNUP_PLAN !== FREE_PLAN) return;
  const [row] = await db.execute<{ free: number }>(sql`
    select count(*)::int as free from studio.workspaces w
    join v1.accounts a on a.id::text = w.v1_account_id
    where a.plan = ${FREE_PLAN}
      and (w.created_by = ${userId} or exists (select 1 from studio.members m where m.workspace_id = w.id and m.user_id = ${userId} and m.role = ${OWNER}))`);
  if (Number(row.free) >= FREE_WORKSPACES_PER_PERSON) throw new AppError("free_workspace_limit", FREE_WORKSPACE_LIMIT_MESSAGE);
}

/** Whether one of the owners of the workspace on this v1 account has confirmed their address. */
export async function hasConfirmedOwner(db: Tx, accountId: string): Promise<boolean> {
  const rows = await db.execute(sql`
    select 1 from studio.workspaces w
    join studio.members m on m.workspace_id = w.id and m.role = ${OWNER}
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
    where m.user_id = ${userId} and m.role = ${OWNER} and a.plan = ${FREE_PLAN} and a.monthly_quota = 0`);
  for (const { account_id } of waiting) {
    await setPlan(db, { accountId: account_id, plan: FREE_PLAN, quota: planQuota(FREE_PLAN, true), source: "signup" });
  }
}
