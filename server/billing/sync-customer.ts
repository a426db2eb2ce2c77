/**
 * Applies what Stripe says now about a customer's subscriptions to its workspace, whatever
 * event woke it and in whatever order events came: the subscriptions are listed again
 * (never taken from an event's snapshot), the one that decides is the newest that holds a
 * plan (active, trialing, past_due) or else the newest of all, and the plan changes only
 * when Stripe's answer changes, so an operator's override stands until then.
 * - active / trialing / past_due: the subscription's plan (past_due: a banner and one
 *   mail per unpaid invoice);
 * - unpaid / canceled / incomplete_expired / paused: Free, credits kept. Stripe reaches
 *   these only once the paid period is over (a cancel takes effect at its end; unpaid
 *   follows failed renewals), so "at period end" is now; ended for non-payment, the
 *   owners are mailed once, the studio says so and the unpaid invoice is written off
 *   (ended-unpaid.ts);
 * - incomplete (a first payment pending): no change.
 * A second subscription holding a plan is canceled and refunded first
 * (cancel-duplicate-subscriptions.ts), and the owners are told.
 * The billing row stays locked while Stripe is read and the plan applied, so two events
 * of one customer apply in turn and the last to finish saw the newest state.
 */
import "server-only";
import { eq } from "drizzle-orm";
import type Stripe from "stripe";
import { workspaceBilling, workspaces } from "@/db/schema";
import { FREE_PLAN, isPaidPlan, type PaidPlan, type Plan } from "@/shared/vocabulary";
import { duplicatePlanRefundedEmail, pastDueEmail, planEndedUnpaidEmail } from "@/server/email/billing-templates";
import { emailLink } from "@/server/email/link-url";
import { sendEmail } from "@/server/email/send-email";
import { ENDED_STATUSES, paidPlanLabel, PAST_DUE_STATUS, PLAN_HOLDING_STATUSES, statusIn } from "@/shared/plans";
import { applyPlan } from "./apply-plan";
import { buyerOf, recordBillingAudit } from "./billing-audit";
import { lockBillingRow, workspaceOfCustomer } from "./billing-row";
import { cancelDuplicateSubscriptions, type CanceledDuplicate } from "./cancel-duplicate-subscriptions";
import { formatPrice, loadCatalogue, type Catalogue } from "./catalogue";
import { requireStripe, type BillingContext } from "./context";
import { endedAt, endedForNonPayment, writeOffOpenInvoices } from "./ended-unpaid";
import { workspaceOwners } from "./owners";

/** The plan a subscription state gives the workspace; null: Stripe does not decide it (none yet, or a first payment pending). */
export function planFromStripe(status: string | null, plan: string | null): Plan | null {
  if (statusIn(PLAN_HOLDING_STATUSES, status) && plan !== null && isPaidPlan(plan)) return plan;
  if (statusIn(ENDED_STATUSES, status)) return FREE_PLAN;
  return null;
}

function decidingSubscription(subscriptions: Stripe.Subscription[]): Stripe.Subscription | null {
  const newestFirst = [...subscriptions].sort((a, b) => b.created - a.created);
  return newestFirst.find((s) => statusIn(PLAN_HOLDING_STATUSES, s.status)) ?? newestFirst[0] ?? null;
}

function planOf(subscription: Stripe.Subscription, catalogue: Catalogue): PaidPlan | null {
  const price = subscription.items.data[0]?.price;
  const known = price ? catalogue.byPriceId.get(price.id) : undefined;
  return known && "plan" in known ? known.plan : null;
}

export async function syncCustomer(ctx: BillingContext, customerId: string): Promise<{ workspaceId: string; plan: Plan | null } | null> {
  const stripe = requireStripe(ctx);
  const workspaceId = (await workspaceOfCustomer(ctx.db, customerId)) ?? (await linkByMetadata(ctx, stripe, customerId));
  if (!workspaceId) return null;
  const catalogue = await loadCatalogue(stripe);
  const outcome = await ctx.db.transaction(async (tx) => {
    const row = await lockBillingRow(tx, workspaceId);
    const { data } = await stripe.subscriptions.list({ customer: customerId, status: "all", limit: 20 });
    const { kept, canceled } = await cancelDuplicateSubscriptions(stripe, data, catalogue);
    for (const second of canceled) {
      await recordBillingAudit(tx, workspaceId, {
        actor: { kind: "stripe" },
        action: "second_plan_refunded",
        target: second.planLabel,
        detail: { subscription: second.subscriptionId, refunded: refundedLabel(second) },
      });
    }
    const subscription = decidingSubscription(kept);
    const next = {
      subscriptionId: subscription?.id ?? null,
      subscriptionStatus: subscription?.status ?? null,
      subscriptionPlan: subscription ? planOf(subscription, catalogue) : null,
      currentPeriodEnd: subscription?.items.data[0] ? new Date(subscription.items.data[0].current_period_end * 1000) : null,
      cancelAtPeriodEnd: subscription?.cancel_at_period_end ?? false,
      endedUnpaidAt: subscription && endedForNonPayment(subscription) ? (row.endedUnpaidAt ?? endedAt(subscription, ctx.now())) : null,
    };
    const before = planFromStripe(row.subscriptionStatus, row.subscriptionPlan);
    const after = planFromStripe(next.subscriptionStatus, next.subscriptionPlan);
    const newlyEndedUnpaid = next.endedUnpaidAt !== null && row.endedUnpaidAt === null;
    if (newlyEndedUnpaid) await writeOffOpenInvoices(stripe, subscription!);
    // Mailed as the plan ends, not for an end that happened before this was recorded.
    const mailEndedUnpaid = newlyEndedUnpaid && before !== null && before !== FREE_PLAN;
    const latestInvoice =
      typeof subscription?.latest_invoice === "string" ? subscription.latest_invoice : (subscription?.latest_invoice?.id ?? null);
    const mailPastDue = next.subscriptionStatus === PAST_DUE_STATUS && latestInvoice !== null && row.pastDueMailedFor !== latestInvoice;
    await tx
      .update(workspaceBilling)
      .set({ ...next, ...(mailPastDue ? { pastDueMailedFor: latestInvoice } : {}), updatedAt: ctx.now() })
      .where(eq(workspaceBilling.workspaceId, workspaceId));
    if (after && after !== before) {
      const [workspace] = await tx.select({ accountId: workspaces.v1AccountId }).from(workspaces).where(eq(workspaces.id, workspaceId));
      // The buyer is the actor only of the plan their checkout bought; a change in the portal or at a period's end is Stripe's.
      const actor = subscription?.metadata?.plan === after ? buyerOf(subscription.metadata) : ({ kind: "stripe" } as const);
      if (workspace?.accountId)
        await applyPlan(tx, { accountId: workspace.accountId, plan: after, source: "stripe", reference: subscription?.id, actor });
    }
    return { plan: after, mailPastDue, mailEndedUnpaid, canceled, planLabel: paidPlanLabel(next.subscriptionPlan) };
  });
  if (outcome.mailPastDue || outcome.mailEndedUnpaid || outcome.canceled.length > 0) {
    const owners = await workspaceOwners(ctx.db, workspaceId);
    const link = emailLink(`/w/${owners.slug}/billing`);
    for (const to of owners.emails) {
      if (outcome.mailPastDue)
        await sendEmail(pastDueEmail({ to, workspaceName: owners.workspaceName, planLabel: outcome.planLabel, link }));
      if (outcome.mailEndedUnpaid)
        await sendEmail(planEndedUnpaidEmail({ to, workspaceName: owners.workspaceName, planLabel: outcome.planLabel, link }));
      for (const second of outcome.canceled)
        await sendEmail(
          duplicatePlanRefundedEmail({
            to,
            workspaceName: owners.workspaceName,
            planLabel: second.planLabel,
            amount: refundedLabel(second),
            link,
          }),
        );
    }
  }
  return { workspaceId, plan: outcome.plan };
}

function refundedLabel(second: CanceledDuplicate): string {
  return formatPrice({ id: second.subscriptionId, unitAmount: second.refunded, currency: second.currency });
}

/** A customer we have no link for (made before the link was stored): its metadata names the workspace. */
async function linkByMetadata(ctx: BillingContext, stripe: Stripe, customerId: string): Promise<string | null> {
  const customer = await stripe.customers.retrieve(customerId);
  const workspaceId = "deleted" in customer && customer.deleted ? null : (customer as Stripe.Customer).metadata?.workspace_id;
  if (!workspaceId || !/^[0-9a-f-]{36}$/.test(workspaceId)) return null;
  const [workspace] = await ctx.db.select({ id: workspaces.id }).from(workspaces).where(eq(workspaces.id, workspaceId));
  if (!workspace) return null;
  await ctx.db.insert(workspaceBilling).values({ workspaceId, stripeCustomerId: customerId }).onConflictDoNothing();
  const [linked] = await ctx.db
    .select({ customer: workspaceBilling.stripeCustomerId })
    .from(workspaceBilling)
    .where(eq(workspaceBilling.workspaceId, workspaceId));
  if (!linked.customer)
    await ctx.db.update(workspaceBilling).set({ stripeCustomerId: customerId }).where(eq(workspaceBilling.workspaceId, workspaceId));
  return !linked.customer || linked.customer === customerId ? workspaceId : null;
}
