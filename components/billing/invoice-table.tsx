import { Badge, type BadgeTone } from "@/components/ui/badge";
import type { BillingDocument, DocumentStatus } from "@/server/billing/invoices";

const STATUS: Record<DocumentStatus, { label: string; tone: BadgeTone }> = {
  paid: { label: "Paid", tone: "success" },
  due: { label: "Due", tone: "warning" },
  not_paid: { label: "Not paid", tone: "danger" },
  void: { label: "Void", tone: "neutral" },
  refunded: { label: "Refunded", tone: "neutral" },
  partly_refunded: { label: "Partly refunded", tone: "neutral" },
};

/**
 * 44 × 44 px touch targets (WCAG 2.5.5's enhanced size, what phone guidelines ask), not the
 * 24 px minimum: the links sit side by side in a narrow cell and are the row's only actions.
 */
const LINK =
  "inline-flex min-h-11 min-w-11 items-center justify-center rounded-md px-2 font-medium text-accent-800 underline-offset-2 hover:underline";

/**
 * Every payment's document: Stripe's invoices (hosted page while paid or due, and the PDF)
 * and each credit pack or auto top-up with its receipt. An invoice that was not paid
 * offers no page to pay it on.
 */
export function InvoiceTable({ invoices }: { invoices: BillingDocument[] }) {
  if (invoices.length === 0)
    return <p className="text-sm text-stone-600">No invoices or receipts yet. They appear here after the first payment.</p>;
  return (
    // Focusable and named: on a phone the table scrolls sideways, and keyboards must reach it.
    <div className="relative overflow-x-auto" tabIndex={0} role="region" aria-label="Invoices and receipts">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">Invoices and receipts</caption>
        <thead className="text-xs uppercase tracking-wide text-stone-600">
          {/* On a phone what a payment was for sits under its date, and its status under its amount: six columns do not fit 390 px. */}
          <tr>
            <th scope="col" className="py-2 pr-2 sm:pr-4 font-medium">
              Date
            </th>
            <th scope="col" className="hidden py-2 pr-2 sm:pr-4 font-medium sm:table-cell">
              For
            </th>
            <th scope="col" className="hidden py-2 pr-2 sm:pr-4 font-medium sm:table-cell">
              Number
            </th>
            <th scope="col" className="py-2 pr-2 sm:pr-4 text-right font-medium">
              Amount
            </th>
            <th scope="col" className="hidden py-2 pr-2 sm:pr-4 font-medium sm:table-cell">
              Status
            </th>
            <th scope="col" className="py-2 font-medium">
              <span className="sr-only">Links</span>
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-stone-200">
          {invoices.map((document) => {
            const name = `${document.kind === "invoice" ? "invoice" : "receipt"} ${document.number ?? document.description}`;
            return (
              <tr key={document.id}>
                <td className="py-2 pr-2 sm:pr-4">
                  <span className="whitespace-nowrap">
                    {document.created.toLocaleDateString("en-US", { year: "numeric", month: "short", day: "numeric", timeZone: "UTC" })}
                  </span>
                  <span className="block text-xs text-stone-600 sm:hidden">{document.description}</span>
                </td>
                <td className="hidden py-2 pr-2 sm:table-cell sm:pr-4">{document.description}</td>
                <td className="hidden py-2 pr-2 sm:pr-4 whitespace-nowrap sm:table-cell">{document.number ?? "—"}</td>
                <td className="py-2 pr-2 sm:pr-4 text-right tabular-nums whitespace-nowrap">
                  {new Intl.NumberFormat("en-US", { style: "currency", currency: document.currency.toUpperCase() }).format(
                    document.amount / 100,
                  )}
                  <Badge tone={STATUS[document.status].tone} className="mt-1 flex w-fit ml-auto sm:hidden">
                    {STATUS[document.status].label}
                  </Badge>
                </td>
                <td className="hidden py-2 pr-2 whitespace-nowrap sm:table-cell sm:pr-4">
                  <Badge tone={STATUS[document.status].tone}>{STATUS[document.status].label}</Badge>
                </td>
                <td className="space-x-1 py-2 whitespace-nowrap">
                  {document.hostedUrl ? (
                    <a href={document.hostedUrl} target="_blank" rel="noreferrer" className={LINK}>
                      {document.status === "due" ? "Pay" : "View"}
                      <span className="sr-only"> {name}</span>
                    </a>
                  ) : null}
                  {document.pdfUrl ? (
                    <a href={document.pdfUrl} target="_blank" rel="noreferrer" className={LINK}>
                      PDF<span className="sr-only"> of {name}</span>
                    </a>
                  ) : null}
                  {document.receiptUrl ? (
                    <a href={document.receiptUrl} target="_blank" rel="noreferrer" className={LINK}>
                      Receipt<span className="sr-only"> for the {document.description}</span>
                    </a>
                  ) : null}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
