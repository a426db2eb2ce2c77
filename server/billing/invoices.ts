/**
 * Every payment's document for the billing page (owners), newest first: the workspace's
 * Stripe invoices (plans) with their hosted page and PDF, and beside them each credit
 * pack and auto top-up with its charge's receipt (a PaymentIntent of ours makes no
 * invoice). An invoice reads as Stripe says, except that an open one is payable only
 * while its subscription still holds the plan: open for a plan that ended, uncollectible
 * or void, it reads as not paid and offers its PDF but no page to pay it on.
 */
import "server-only";
import type Stripe from "stripe";
import type { WorkspaceBilling } from "@/db/schema";
import { creditsLabel } from "@/shared/credit-costs";
import { creditPack, PACK_PURCHASE_KINDS, PLAN_HOLDING_STATUSES, PLAN_TABLE, statusIn } from "@/shared/plans";
import { readBillingRow } from "./billing-row";
import { loadCatalogue, type Catalogue } from "./catalogue";
import { requireStripe, type BillingContext } from "./context";
import { idOf } from "./grant-invoice-credits";

export type DocumentStatus = "paid" | "due" | "not_paid" | "void" | "refunded" | "partly_refunded";

export interface BillingDocument {
  id: string;
  kind: "invoice" | "receipt";
  /** What was paid for: "Premium plan", "Plan change", "500 credits pack", "500 credits auto top-up". */
  description: string;
  number: string | null;
  created: Date;
  amount: number;
  currency: string;
  status: DocumentStatus;
  /** Stripe's hosted invoice page: a paid invoice, or one that is rightly due. */
  hostedUrl: string | null;
  pdfUrl: string | null;
  receiptUrl: string | null;
}

export async function invoices(ctx: BillingContext, input: { workspaceId: string; limit?: number }): Promise<BillingDocument[]> {
  const row = await readBillingRow(ctx.db, input.workspaceId);
  if (!ctx.stripe || !row?.stripeCustomerId) return [];
  const stripe = requireStripe(ctx);
  const limit = input.limit ?? 24;
  const [{ data: invoices }, { data: intents }, catalogue] = await Promise.all([
    stripe.invoices.list({ customer: row.stripeCustomerId, limit }),
    stripe.paymentIntents.list({ customer: row.stripeCustomerId, limit, expand: ["data.latest_charge"] }),
    loadCatalogue(stripe),
  ]);
  const documents = [
    ...invoices.filter((invoice) => invoice.status !== "draft").map((invoice) => invoiceDocument(invoice, row, catalogue)),
    ...intents.map(receiptDocument).filter((document): document is BillingDocument => document !== null),
  ];
  // Stable: documents of one second keep Stripe's newest-first order.
  return documents.sort((a, b) => b.created.getTime() - a.created.getTime()).slice(0, limit);
}

function invoiceDocument(invoice: Stripe.Invoice, row: WorkspaceBilling, catalogue: Catalogue): BillingDocument {
  const subscriptionId = idOf(invoice.parent?.subscription_details?.subscription ?? null);
  const planStillHeld = subscriptionId === row.subscriptionId && statusIn(PLAN_HOLDING_STATUSES, row.subscriptionStatus);
  const status: DocumentStatus =
    invoice.status === "paid"
      ? "paid"
      : invoice.status === "void"
        ? "void"
        : invoice.status === "open" && planStillHeld
          ? "due"
          : "not_paid";
  const priceId = idOf(invoice.lines.data[0]?.pricing?.price_details?.price ?? null);
  const known = priceId ? catalogue.byPriceId.get(priceId) : undefined;
  const description =
    invoice.billing_reason === "subscription_update"
      ? "Plan change"
      : known && "plan" in known
        ? `${PLAN_TABLE[known.plan].label} plan`
        : "Invoice";
  return {
    id: invoice.id,
    kind: "invoice",
    description,
    number: invoice.number,
    created: new Date(invoice.created * 1000),
    amount: invoice.status === "paid" ? invoice.amount_paid : invoice.amount_due,
    currency: invoice.currency,
    status,
    hostedUrl: status === "paid" || status === "due" ? (invoice.hosted_invoice_url ?? null) : null,
    pdfUrl: invoice.invoice_pdf ?? null,
    receiptUrl: null,
  };
}

/** A pack's or an auto top-up's payment, with its charge's receipt; null for any other payment (an invoice's has its invoice). */
function receiptDocument(intent: Stripe.PaymentIntent): BillingDocument | null {
  const kind = intent.metadata?.kind;
  const pack = creditPack(Number(intent.metadata?.credits));
  if (intent.status !== "succeeded" || !pack || !PACK_PURCHASE_KINDS.includes(kind ?? "")) return null;
  const charge = typeof intent.latest_charge === "object" ? intent.latest_charge : null;
  const refunded = charge?.amount_refunded ?? 0;
  return {
    id: intent.id,
    kind: "receipt",
    description: `${creditsLabel(pack.credits)} ${kind === "auto_top_up" ? "auto top-up" : "pack"}`,
    number: charge?.receipt_number ?? null,
    created: new Date(intent.created * 1000),
    amount: intent.amount_received,
    currency: intent.currency,
    status: refunded === 0 ? "paid" : refunded >= intent.amount_received ? "refunded" : "partly_refunded",
    hostedUrl: null,
    pdfUrl: null,
    receiptUrl: charge?.receipt_url ?? null,
  };
}
