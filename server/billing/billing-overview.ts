/**
 * What the billing page shows of a workspace: its plan and limits, this month's quota use,
 * the balance, the subscription as Stripe last said, the owners' auto top-up and
 * low-balance choices, and the prices Stripe has for the plan table (when payments are on).
 */
import "server-only";
import { eq } from "drizzle-orm";
import { accounts } from "@/db/schema";
import { logError } from "@/server/log";
import { readQuotaUsage } from "@/server/v1/services/billing/quota";
import { readBillingRow } from "./billing-row";
import { formatPrice, loadCatalogue } from "./catalogue";
import type { BillingContext } from "./context";
import { workspaceAccount } from "./workspace-account";

export async function billingOverview(ctx: BillingContext, input: { workspaceId: string }) {
  const { accountId } = await workspaceAccount(ctx.db, input.workspaceId);
  const [[account], usage, row, prices] = await Promise.all([
    ctx.db.select().from(accounts).where(eq(accounts.id, accountId)),
    readQuotaUsage(ctx.db, { accountId, now: ctx.now() }),
    readBillingRow(ctx.db, input.workspaceId),
    ctx.stripe ? stripePrices(ctx) : Promise.resolve(null),
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
      ? { status: row.subscriptionStatus, plan: row.subscriptionPlan, currentPeriodEnd: row.currentPeriodEnd, cancelAtPeriodEnd: row.cancelAtPeriodEnd }
      : null,
    prices,
  };
}

export type BillingOverview = Awaited<ReturnType<typeof billingOverview>>;

/** Prices as text, by plan and pack; null when Stripe could not be reached (the page says so rather than failing). */
async function stripePrices(ctx: BillingContext) {
  try {
    const catalogue = await loadCatalogue(ctx.stripe!);
    return {
      plans: Object.fromEntries(Object.entries(catalogue.plans).map(([plan, price]) => [plan, formatPrice(price)])) as Partial<Record<"premium" | "business", string>>,
      packs: Object.fromEntries(Object.entries(catalogue.packs).map(([credits, price]) => [credits, formatPrice(price!)])) as Partial<Record<string, string>>,
    };
  } catch (error) {
    logError("[billing] reading prices from Stripe failed:", error);
    return null;
  }
}
