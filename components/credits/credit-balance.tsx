"use client";
import { Coins } from "lucide-react";
import Link from "next/link";
import { AddCreditsLink } from "@/components/billing/add-credits-link";
import { useWorkspace } from "@/components/shell/workspace-context";
import { PLAN_LABELS } from "@/shared/plans";
import { useCredits } from "./use-credits";

/** What is left to spend, always in sight in the sidebar, with the way to the usage page. */
export function CreditBalance({ onNavigate }: { onNavigate?: () => void }) {
  const workspace = useWorkspace();
  const { balance, plan, loading } = useCredits();
  return (
    <section aria-label="Credits" className="rounded-lg border border-stone-200 bg-stone-50 px-3 py-3">
      <div className="flex items-center gap-2 text-sm text-stone-700">
        <Coins className="size-4 text-stone-500" aria-hidden="true" />
        <span>Credits left</span>
      </div>
      <p className="mt-1 text-xl font-semibold tabular-nums text-stone-900" data-testid="credit-balance">
        {loading ? <Placeholder className="h-7 w-16" /> : balance === null ? "—" : balance.toLocaleString("en-US")}
      </p>
      <p className="mt-1 flex flex-wrap items-center justify-between gap-x-2 text-xs text-stone-600">
        {loading ? (
          <Placeholder className="h-4 w-14" />
        ) : (
          <span data-testid="credit-plan">{plan ? PLAN_LABELS[plan] : "Plan unknown"}</span>
        )}
        <span className="flex gap-3">
          <AddCreditsLink onNavigate={onNavigate} />
          <Link
            href={`/w/${workspace.slug}/usage`}
            onClick={onNavigate}
            className="font-medium text-accent-800 underline-offset-2 hover:underline"
          >
            See usage
          </Link>
        </span>
      </p>
    </section>
  );
}

/** Inline (inside a paragraph), unlike the block Skeleton; hidden from assistive tech. */
function Placeholder({ className }: { className: string }) {
  return <span aria-hidden="true" className={`inline-block animate-pulse rounded-md bg-stone-200 align-middle ${className}`} />;
}
