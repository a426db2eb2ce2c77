import { Check } from "lucide-react";
import type { ReactNode } from "react";
import { Badge } from "@/components/ui/badge";
import { cx } from "@/components/ui/cx";
import { creditsLabel } from "@/shared/credit-costs";
import { PLAN_TABLE } from "@/shared/plans";
import { FREE_PLAN, type PaidPlan } from "@/shared/vocabulary";

type Plan = keyof typeof PLAN_TABLE;

/**
 * The three plans side by side, from the plan table: the price Stripe has for each (when
 * payments are on), the monthly quota and included credits, what each unlocks, and an
 * action per plan (upgrade, manage, sign up) given by the page.
 */
export function PlanCards({
  prices,
  current,
  action,
}: {
  prices: Partial<Record<PaidPlan, string>> | null;
  current?: Plan | null;
  action?: (plan: Plan) => ReactNode;
}) {
  return (
    <ul className="grid gap-4 md:grid-cols-3" aria-label="Plans">
      {(Object.keys(PLAN_TABLE) as Plan[]).map((plan) => {
        const terms = PLAN_TABLE[plan];
        const price = plan === FREE_PLAN ? "$0" : (prices?.[plan] ?? null);
        const isCurrent = current === plan;
        return (
          <li
            key={plan}
            aria-label={`${terms.label} plan`}
            className={cx(
              "flex flex-col rounded-xl bg-white p-5 shadow-card ring-1",
              isCurrent ? "ring-2 ring-accent-600" : "ring-stone-200",
            )}
          >
            <div className="flex items-center justify-between gap-2">
              <h3 className="text-lg font-semibold text-stone-900">{terms.label}</h3>
              {isCurrent ? <Badge tone="accent">Current plan</Badge> : null}
            </div>
            <p className="mt-2 text-2xl font-semibold tabular-nums text-stone-900">
              {price ?? "—"}
              {price && plan !== FREE_PLAN ? <span className="text-sm font-normal text-stone-600"> / month</span> : null}
            </p>
            <ul className="mt-4 flex-1 space-y-2 text-sm text-stone-700">
              <li className="flex gap-2">
                <Check className="mt-0.5 size-4 shrink-0 text-accent-700" aria-hidden="true" />
                {terms.monthlyQuota.toLocaleString("en-US")} requests a month
              </li>
              <li className="flex gap-2">
                <Check className="mt-0.5 size-4 shrink-0 text-accent-700" aria-hidden="true" />
                {terms.includedCredits > 0
                  ? `${creditsLabel(terms.includedCredits)} included every month`
                  : "Starter credits once, for confirmed emails"}
              </li>
              {terms.features.map((feature) => (
                <li key={feature} className="flex gap-2">
                  <Check className="mt-0.5 size-4 shrink-0 text-accent-700" aria-hidden="true" />
                  {feature}
                </li>
              ))}
            </ul>
            {action ? <div className="mt-5">{action(plan)}</div> : null}
          </li>
        );
      })}
    </ul>
  );
}
