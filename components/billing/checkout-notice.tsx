import { CheckCircle2, Info } from "lucide-react";
import { creditsLabel } from "@/shared/credit-costs";
import { PLAN_TABLE } from "@/shared/plans";
import { PAID_PLANS } from "@/shared/vocabulary";

export type CheckoutNoticeState =
  | { status: "open" | "expired" | "processing" | "canceled" | "unknown" }
  | { status: "paid"; kind: "credit_pack"; credits: number }
  | { status: "paid"; kind: "plan"; plan: keyof typeof PLAN_TABLE | null }
  | { status: "duplicate"; kind: "plan" };

/** What happened at Checkout, said on the way back to the billing page. */
export function CheckoutNotice({ state }: { state: CheckoutNoticeState }) {
  const paid = state.status === "paid";
  const text = (() => {
    if (state.status === "paid" && state.kind === "credit_pack") return `Payment received: ${creditsLabel(state.credits)} added.`;
    if (state.status === "paid" && state.kind === "plan") {
      const terms = PLAN_TABLE[state.plan ?? PAID_PLANS[0]];
      return `Payment received: the workspace is on ${terms.label}, with ${terms.monthlyQuota.toLocaleString("en-US")} requests a month and ${creditsLabel(terms.includedCredits)} included each month.`;
    }
    if (state.status === "duplicate")
      return "This workspace already has a plan, so that second subscription was canceled at once and its payment refunded in full. Change plans with “Change plan, card or cancel”.";
    if (state.status === "canceled" || state.status === "open") return "Checkout was left before paying: nothing was charged.";
    if (state.status === "expired") return "That checkout expired: nothing was charged.";
    if (state.status === "processing") return "The payment is still being confirmed by the bank; the credits appear as soon as it is.";
    return "We could not check that payment just now; it appears here once Stripe confirms it.";
  })();
  const Icon = paid ? CheckCircle2 : Info;
  return (
    <p
      role="status"
      className={`mb-6 flex items-start gap-3 rounded-xl px-4 py-3 text-sm ring-1 ${paid ? "bg-emerald-50 text-emerald-950 ring-emerald-200" : "bg-stone-50 text-stone-800 ring-stone-200"}`}
    >
      <Icon className={`mt-0.5 size-5 shrink-0 ${paid ? "text-emerald-700" : "text-stone-500"}`} aria-hidden="true" />
      <span>{text}</span>
    </p>
  );
}
