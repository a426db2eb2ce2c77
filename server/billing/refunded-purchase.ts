/**
 * What a refunded charge had bought, found from its PaymentIntent: a credit pack or an
 * auto top-up (our metadata), or a plan's invoice (Stripe's invoice payments link the
 * invoice to the PaymentIntent). The purchase is fulfilled first (a no-op when it was),
 * so a refund that overtakes its purchase's events still ends with the purchase granted
 * and then taken back. The credits at stake are those the purchase actually granted: an
 * invoice that granted none (a plan change's proration, a duplicate subscription's) has
 * nothing to take back.
 */
import "server-only";
import { sql } from "drizzle-orm";
import type Stripe from "stripe";
import type { CreditSource } from "@/db/schema";
import { creditsLabel } from "@/shared/credit-costs";
import { creditPack, PACK_PURCHASE_KINDS, PLAN_TABLE } from "@/shared/plans";
import { workspaceOfCustomer } from "./billing-row";
import { loadCatalogue } from "./catalogue";
import type { BillingContext } from "./context";
import { completeCheckout } from "./complete-checkout";
import { fulfilTopUp } from "./fulfil-top-up";
import { grantInvoiceCredits, idOf } from "./grant-invoice-credits";

export interface RefundedPurchase {
  workspaceId: string;
  credits: number;
  /** As the ledger and the audit log name it: "500 credits pack", "Premium plan's 300 credits (invoice …)". */
  purchase: string;
  source: CreditSource;
}

export async function refundedPurchase(ctx: BillingContext, stripe: Stripe, intentId: string): Promise<RefundedPurchase | null> {
  const intent = await stripe.paymentIntents.retrieve(intentId);
  const kind = intent.metadata?.kind;
  if (PACK_PURCHASE_KINDS.includes(kind ?? "")) {
    const pack = creditPack(Number(intent.metadata.credits));
    const workspaceId = intent.metadata.workspace_id;
    if (!pack || !workspaceId) return null;
    if (kind === "auto_top_up") await fulfilTopUp(ctx, intent);
    else {
      const { data: sessions } = await stripe.checkout.sessions.list({ payment_intent: intentId, limit: 1 });
      if (sessions[0]) await completeCheckout(ctx, { sessionId: sessions[0].id, workspaceId });
    }
    return {
      workspaceId,
      credits: pack.credits,
      purchase: `${creditsLabel(pack.credits)} ${kind === "auto_top_up" ? "auto top-up" : "pack"}`,
      source: "pack_refund",
    };
  }
  const { data: payments } = await stripe.invoicePayments.list({ payment: { type: "payment_intent", payment_intent: intentId }, limit: 1 });
  const invoiceId = idOf(payments[0]?.invoice);
  if (!invoiceId) return null;
  await grantInvoiceCredits(ctx, invoiceId);
  const invoice = await stripe.invoices.retrieve(invoiceId);
  const customerId = idOf(invoice.customer);
  const workspaceId = customerId ? await workspaceOfCustomer(ctx.db, customerId) : null;
  const [granted] = await ctx.db.execute<{ amount: number }>(
    sql`select amount from v1.credit_ledger where grant_key = ${`stripe:invoice:${invoiceId}`}`,
  );
  if (!workspaceId || !granted) return null;
  const priceId = idOf(invoice.lines.data[0]?.pricing?.price_details?.price ?? null);
  const known = priceId ? (await loadCatalogue(stripe)).byPriceId.get(priceId) : undefined;
  const plan = known && "plan" in known ? `${PLAN_TABLE[known.plan].label} plan's` : "plan's";
  return {
    workspaceId,
    credits: Number(granted.amount),
    purchase: `${plan} ${creditsLabel(Number(granted.amount))} (invoice ${invoice.number ?? invoice.id})`,
    source: "plan_refund",
  };
}
