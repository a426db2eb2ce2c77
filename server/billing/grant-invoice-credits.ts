/**
 * The credits a paid plan includes, granted with each paid invoice of a period (the first
 * and each renewal), once per invoice id. The invoice is read again from Stripe; its line's
 * price says which plan it paid for. A mid-period plan change (a proration invoice) grants
 * nothing: the new plan's credits come with its next renewal. Nor does a second plan
 * subscription of the workspace (canceled and refunded, cancel-duplicate-subscriptions.ts).
 */
import "server-only";
import { grantPaidCredits } from "@/server/v1/services/billing/grant-paid-credits";
import { creditsLabel } from "@/shared/credit-costs";
import { PLAN_TABLE } from "@/shared/plans";
import { workspaceOfCustomer } from "./billing-row";
import { loadCatalogue } from "./catalogue";
import { requireStripe, type BillingContext } from "./context";
import { isDuplicateSubscription } from "./live-subscriptions";
import { workspaceAccount } from "./workspace-account";

const PERIOD_INVOICES = ["subscription_create", "subscription_cycle"];

export async function grantInvoiceCredits(ctx: BillingContext, invoiceId: string): Promise<{ granted: number; customerId: string | null }> {
  const stripe = requireStripe(ctx);
  const invoice = await stripe.invoices.retrieve(invoiceId);
  const customerId = idOf(invoice.customer);
  if (invoice.status !== "paid" || !PERIOD_INVOICES.includes(invoice.billing_reason ?? "") || !invoice.parent?.subscription_details)
    return { granted: 0, customerId };
  // A second subscription of the workspace is canceled and refunded: its invoices grant nothing.
  const subscriptionId = idOf(invoice.parent.subscription_details.subscription);
  if (!customerId || !subscriptionId || (await isDuplicateSubscription(stripe, customerId, subscriptionId)))
    return { granted: 0, customerId };
  const priceId = idOf(invoice.lines.data[0]?.pricing?.price_details?.price ?? null);
  const known = priceId ? (await loadCatalogue(stripe)).byPriceId.get(priceId) : undefined;
  const workspaceId = customerId ? await workspaceOfCustomer(ctx.db, customerId) : null;
  if (!known || !("plan" in known) || !workspaceId) return { granted: 0, customerId };
  const credits = PLAN_TABLE[known.plan].includedCredits;
  const { accountId } = await workspaceAccount(ctx.db, workspaceId);
  const grant = await grantPaidCredits(ctx.db, {
    accountId,
    amount: credits,
    grantKey: `stripe:invoice:${invoice.id}`,
    source: "stripe_invoice",
    note: `${PLAN_TABLE[known.plan].label} plan: ${creditsLabel(credits)} included (invoice ${invoice.number ?? invoice.id})`,
  });
  return { granted: grant.applied ? credits : 0, customerId };
}

export function idOf(value: string | { id: string } | null | undefined): string | null {
  if (!value) return null;
  return typeof value === "string" ? value : value.id;
}
