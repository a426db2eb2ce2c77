/**
 * Puts a workspace's v1 account on a plan with the plan table's quota (Free's only with a
 * confirmed owner), recording who made the change in the plan history and, when the plan
 * itself changed, in the workspace's audit log. Credits are untouched: a return to Free
 * keeps them (D15).
 */
import "server-only";
import { is } from "drizzle-orm";
import { PgTransaction } from "drizzle-orm/pg-core";
import type { Tx } from "@/db/client";
import type { PlanSource } from "@/db/schema";
import { FREE_PLAN, type Plan } from "@/shared/vocabulary";
import { setPlan } from "@/server/v1/services/accounts/set-plan";
import { planQuota } from "@/shared/plans";
import { recordAccountAudit, type BillingActor } from "./billing-audit";
import { hasConfirmedOwner } from "./free-workspaces";

export interface ApplyPlanInput {
  accountId: string;
  plan: Plan;
  source: PlanSource;
  reference?: string;
  /** The operator's own quota; otherwise the plan table's. */
  quota?: number;
  /** Who asked for it: the person who started the checkout, Stripe on its own, the operator. */
  actor: BillingActor;
}

export async function applyPlan(db: Tx, input: ApplyPlanInput): Promise<{ changed: boolean }> {
  const apply = async (tx: Tx) => {
    const confirmed = input.plan === FREE_PLAN && input.quota === undefined ? await hasConfirmedOwner(tx, input.accountId) : true;
    const result = await setPlan(tx, {
      accountId: input.accountId,
      plan: input.plan,
      quota: input.quota ?? planQuota(input.plan, confirmed),
      source: input.source,
      reference: input.reference,
    });
    if (result.changed && result.fromPlan !== input.plan) {
      await recordAccountAudit(tx, input.accountId, {
        actor: input.actor,
        action: "plan_changed",
        target: input.plan,
        detail: { from: result.fromPlan, source: input.source },
      });
    }
    return { changed: result.changed };
  };
  return is(db, PgTransaction) ? apply(db) : db.transaction(apply);
}
