import { Badge, type BadgeTone } from "@/components/ui/badge";
import type { InvoiceSummary } from "@/server/billing/list-invoices";

/**
 * 44 × 44 px touch targets (WCAG 2.5.5's enhanced size, what phone guidelines ask), not the
 * 24 px minimum: the two links sit side by side in a narrow cell and are the row's only actions.
 */
const LINK = "inline-flex min-h-11 min-w-11 items-center justify-center rounded-md px-2 font-medium text-accent-800 underline-offset-2 hover:underline";

const TONE: Record<string, BadgeTone> = { paid: "success", open: "warning", uncollectible: "danger", void: "neutral" };

/** Stripe's invoices of the workspace, each with its hosted page and PDF. */
export function InvoiceTable({ invoices }: { invoices: InvoiceSummary[] }) {
  if (invoices.length === 0) return <p className="text-sm text-stone-600">No invoices yet. They appear here after the first payment.</p>;
  return (
    // Focusable and named: on a phone the table scrolls sideways, and keyboards must reach it.
    <div className="relative overflow-x-auto" tabIndex={0} role="region" aria-label="Invoices">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">Invoices</caption>
        <thead className="text-xs uppercase tracking-wide text-stone-600">
          <tr>
            <th scope="col" className="py-2 pr-2 sm:pr-4 font-medium">Date</th>
            <th scope="col" className="hidden py-2 pr-2 sm:pr-4 font-medium sm:table-cell">Invoice</th>
            <th scope="col" className="py-2 pr-2 sm:pr-4 text-right font-medium">Amount</th>
            <th scope="col" className="py-2 pr-2 sm:pr-4 font-medium">Status</th>
            <th scope="col" className="py-2 font-medium"><span className="sr-only">Links</span></th>
          </tr>
        </thead>
        <tbody className="divide-y divide-stone-200">
          {invoices.map((invoice) => (
            <tr key={invoice.id}>
              <td className="py-2 pr-2 sm:pr-4 whitespace-nowrap">{invoice.created.toLocaleDateString("en-US", { year: "numeric", month: "short", day: "numeric", timeZone: "UTC" })}</td>
              <td className="hidden py-2 pr-2 sm:pr-4 whitespace-nowrap sm:table-cell">{invoice.number ?? invoice.id}</td>
              <td className="py-2 pr-2 sm:pr-4 text-right tabular-nums whitespace-nowrap">
                {new Intl.NumberFormat("en-US", { style: "currency", currency: invoice.currency.toUpperCase() }).format(invoice.amount / 100)}
              </td>
              <td className="py-2 pr-2 sm:pr-4">{invoice.status ? <Badge tone={TONE[invoice.status] ?? "neutral"}>{invoice.status}</Badge> : null}</td>
              <td className="py-2 whitespace-nowrap">
                {invoice.hostedUrl ? (
                  <a href={invoice.hostedUrl} target="_blank" rel="noreferrer" className={LINK}>
                    View<span className="sr-only"> invoice {invoice.number}</span>
                  </a>
                ) : null}
                {invoice.pdfUrl ? (
                  <a href={invoice.pdfUrl} target="_blank" rel="noreferrer" className={`ml-1 ${LINK}`}>
                    PDF<span className="sr-only"> of invoice {invoice.number}</span>
                  </a>
                ) : null}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
