/**
 * What the billing page shows of a workspace: its plan and limits, this month's quota use,
 * the balance, the subscription as Stripe last said, the owners' auto top-up and
 * low-balance choices, and the prices Stripe has for the plan table (when payments are on).
 */
import "server-only";
import { eq } from "drizzle-orm";
import { accounts } from "@/db/schema";
import { readQuotaUsage } from "@/server/v1/services/billing/quota";
import { readBillingRow } from "./billing-row";
import type { BillingContext } from "./context";
import { prices } from "./prices";
import { findWorkspaceAccount } from "./workspace-account";

export async function overview(ctx: BillingContext, input: { workspaceId: string }) {
  const found = await findWorkspaceAccount(ctx.db, input.workspaceId);
  // Connected to another deployment's account: plans and payments are that deployment's.
  if (!found) return null;
  const { accountId } = found;
  const [[account], usage, row, planPrices] = await Promise.all([
    ctx.db.select().from(accounts).where(eq(accounts.id, accountId)),
    readQuotaUsage(ctx.db, { accountId, now: ctx.now() }),
    readBillingRow(ctx.db, input.workspaceId),
    ctx.stripe ? prices() : Promise.resolve(null),
  ]);
  return {
    paymentsEnabled: Boolean(ctx.stripe),
    plan: account.plan,
    planSource: account.planSource,
    monthlyQuota: account.monthlyQuota,
    usedThisMonth: usage.month,
    balance: account.creditBalance,
    lowBalanceThreshold: account.lowBalanceThreshold,
    autoTopUp: { threshold: account.topUpThreshold, pack: row?.topUpPack ?? null, stoppedReason: row?.topUpStoppedReason ?? null },
    hasCustomer: Boolean(row?.stripeCustomerId),
    subscription: row?.subscriptionId
      ? {
          status: row.subscriptionStatus,
          plan: row.subscriptionPlan,
          currentPeriodEnd: row.currentPeriodEnd,
          cancelAtPeriodEnd: row.cancelAtPeriodEnd,
          endedUnpaidAt: row.endedUnpaidAt,
        }
      : null,
    prices: planPrices,
  };
}

export type BillingOverview = Awaited<ReturnType<typeof overview>>;
