"use client";
import type { ReactNode } from "react";
import { useId } from "react";
import { AddCreditsLink } from "@/components/billing/add-credits-link";
import { Button } from "@/components/ui";
import { creditsLabel, shortOfCreditsMessage } from "@/shared/credit-costs";
import { useCredits } from "./use-credits";

/**
 * The submit button of an action that costs credits: the cost on the button before the
 * click, and when the balance is short the button is off and says why (the server
 * refuses it too: server/studio/usage/ensure-credits.ts).
 */
export function CostButton({
  cost,
  loading,
  disabled,
  children,
}: {
  cost: number;
  loading?: boolean;
  disabled?: boolean;
  children: ReactNode;
}) {
  const { balance } = useCredits();
  const noteId = useId();
  const short = cost > 0 && balance !== null && balance < cost;
  return (
    <div className="space-y-2">
      {short ? (
        <p id={noteId} role="status" className="rounded-lg border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900">
          {shortOfCreditsMessage(cost, balance)} <AddCreditsLink />
        </p>
      ) : null}
      <Button type="submit" loading={loading} disabled={disabled || short} aria-describedby={short ? noteId : undefined}>
        {children}
        <span className="font-normal opacity-90">· {cost > 0 ? creditsLabel(cost) : "no credits"}</span>
      </Button>
    </div>
  );
}
