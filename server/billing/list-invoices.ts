/** The workspace's invoices from Stripe, newest first, with the hosted page and PDF of each. */
import "server-only";
import { readBillingRow } from "./billing-row";
import { requireStripe, type BillingContext } from "./context";

export interface InvoiceSummary {
  id: string;
  number: string | null;
  created: Date;
  amount: number;
  currency: string;
  status: string | null;
  hostedUrl: string | null;
  pdfUrl: string | null;
}

export async function listInvoices(ctx: BillingContext, input: { workspaceId: string; limit?: number }): Promise<InvoiceSummary[]> {
  const row = await readBillingRow(ctx.db, input.workspaceId);
  if (!ctx.stripe || !row?.stripeCustomerId) return [];
  const { data } = await requireStripe(ctx).invoices.list({ customer: row.stripeCustomerId, limit: input.limit ?? 24 });
  return data
    .filter((invoice) => invoice.status !== "draft")
    .map((invoice) => ({
      id: invoice.id,
      number: invoice.number,
      created: new Date(invoice.created * 1000),
      amount: invoice.status === "paid" ? invoice.amount_paid : invoice.amount_due,
      currency: invoice.currency,
      status: invoice.status,
      hostedUrl: invoice.hosted_invoice_url ?? null,
      pdfUrl: invoice.invoice_pdf ?? null,
    }));
}
