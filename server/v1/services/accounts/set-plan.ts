/**
 * Changes an account's plan (and its monthly quota when one is named; otherwise it stays), and
 * records the change with who made it (the operator, a Stripe subscription, the sign-up
 * plan) so the workspace's usage history can show it. Nothing is recorded when neither
 * the plan nor the quota changes.
 */
import "server-only";
import { eq, is } from "drizzle-orm";
import { PgTransaction } from "drizzle-orm/pg-core";
import type { Tx } from "@/db/client";
import { accounts, planChanges, type PlanSource } from "@/db/schema";
import { PLANS, type Plan } from "@/shared/vocabulary";
import { AppError } from "@/server/errors";
import { notifyKeyChange } from "../keys/key-cache";

export interface SetPlanInput {
  accountId: string;
  plan: Plan;
  quota?: number;
  source: PlanSource;
  /** The Stripe subscription behind a change from Stripe. */
  reference?: string;
}

export async function setPlan(db: Tx, input: SetPlanInput): Promise<{ changed: boolean; fromPlan: Plan }> {
  if (!PLANS.includes(input.plan)) throw new AppError("invalid_request", `The plan must be one of ${PLANS.join(", ")}.`);
  if (input.quota !== undefined && (!Number.isInteger(input.quota) || input.quota < 0))
    throw new AppError("invalid_request", "The quota must be a whole number, 0 or more.");
  const change = async (tx: Tx) => {
    const [before] = await tx
      .select({ plan: accounts.plan, quota: accounts.monthlyQuota })
      .from(accounts)
      .where(eq(accounts.id, input.accountId))
      .for("update");
    if (!before) throw new AppError("not_found", "No such account.");
    const quota = input.quota ?? before.quota;
    await tx
      .update(accounts)
      .set({ plan: input.plan, monthlyQuota: quota, planSource: input.source, updatedAt: new Date() })
      .where(eq(accounts.id, input.accountId));
    if (before.plan === input.plan && before.quota === quota) return { changed: false, fromPlan: before.plan };
    await tx.insert(planChanges).values({
      accountId: input.accountId,
      fromPlan: before.plan,
      toPlan: input.plan,
      monthlyQuota: quota,
      source: input.source,
      reference: input.reference ?? null,
    });
    await notifyKeyChange(tx, `account:${input.accountId}`);
    return { changed: true, fromPlan: before.plan };
  };
  return is(db, PgTransaction) ? change(db) : db.transaction(change);
}
