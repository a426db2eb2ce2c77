import { creditsLabel } from "@/shared/credit-costs";
import { PLAN_TABLE } from "@/shared/plans";

type Plan = keyof typeof PLAN_TABLE;

export type HistoryRow =
  | { kind: "credits"; at: Date; amount: number; source: string | null; note: string | null }
  | { kind: "plan"; at: Date; from: Plan; to: Plan; monthlyQuota: number; source: string };

/** Where each change came from, in the words of the usage page. */
const SOURCE_LABELS: Record<string, string> = {
  stripe_invoice: "Stripe invoice",
  credit_pack: "Credit pack",
  auto_top_up: "Auto top-up",
  pack_refund: "Pack refund",
  plan_refund: "Plan refund",
  operator: "Operator",
  starter: "Starter credits",
  opening: "Opening balance",
  stripe: "Stripe subscription",
  signup: "Sign-up",
  legacy: "Before plans",
};

function describe(row: HistoryRow): string {
  if (row.kind === "plan") {
    return row.from === row.to
      ? `${PLAN_TABLE[row.to].label} plan: ${row.monthlyQuota.toLocaleString("en-US")} requests a month`
      : `${PLAN_TABLE[row.from].label} → ${PLAN_TABLE[row.to].label} plan (${row.monthlyQuota.toLocaleString("en-US")} requests a month)`;
  }
  return `${row.amount > 0 ? "+" : "−"}${creditsLabel(Math.abs(row.amount))}${row.note ? ` · ${row.note}` : ""}`;
}

/** Every plan and credit change of the workspace with its source, newest first. */
export function PlanAndCreditHistory({ rows }: { rows: HistoryRow[] }) {
  if (rows.length === 0) return <p className="text-sm text-stone-600">No plan or credit changes yet.</p>;
  return (
    // Focusable and named: on a phone the table scrolls sideways, and keyboards must reach it.
    <div className="relative overflow-x-auto" tabIndex={0} role="region" aria-label="Plan and credit changes">
      <table className="w-full text-left text-sm" data-testid="plan-credit-history">
        <caption className="sr-only">Plan and credit changes</caption>
        <thead className="text-xs uppercase tracking-wide text-stone-600">
          <tr>
            <th scope="col" className="py-2 pr-4 font-medium">
              Date (UTC)
            </th>
            <th scope="col" className="py-2 pr-4 font-medium">
              Change
            </th>
            <th scope="col" className="py-2 font-medium">
              Source
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-stone-200">
          {rows.map((row, i) => (
            <tr key={`${row.at.toISOString()}-${i}`}>
              <td className="py-2 pr-4 whitespace-nowrap tabular-nums">{row.at.toISOString().slice(0, 16).replace("T", " ")}</td>
              <td className="py-2 pr-4">{describe(row)}</td>
              <td className="py-2 whitespace-nowrap">{row.source ? (SOURCE_LABELS[row.source] ?? row.source) : "—"}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
