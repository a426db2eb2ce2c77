import { AlertTriangle, Info } from "lucide-react";
import Link from "next/link";
import { PLAN_TABLE } from "@/shared/plans";
import type { PaidPlan } from "@/shared/vocabulary";

/** Over every workspace page while a renewal is unpaid: the plan stays on while Stripe retries. */
export function PastDueBanner({ slug, owner }: { slug: string; owner: boolean }) {
  return (
    <div
      role="alert"
      className="mb-6 flex flex-wrap items-center gap-3 rounded-xl bg-red-50 px-4 py-3 text-sm text-red-950 ring-1 ring-red-200"
    >
      <AlertTriangle className="size-5 shrink-0 text-red-700" aria-hidden="true" />
      <p className="min-w-0 flex-1">
        The latest payment for this workspace&apos;s plan failed. The plan stays on while the payment is retried; if every retry fails, the
        workspace returns to Free.
      </p>
      {owner ? (
        <Link href={`/w/${slug}/billing`} className="font-medium underline underline-offset-2">
          Update the payment method
        </Link>
      ) : null}
    </div>
  );
}

/** Over every workspace page for a while after a plan ended because its payment failed: the workspace is on Free now. */
export function PlanEndedBanner({ slug, owner, plan, at }: { slug: string; owner: boolean; plan: PaidPlan; at: Date }) {
  const day = at.toLocaleDateString("en-US", { year: "numeric", month: "long", day: "numeric", timeZone: "UTC" });
  return (
    <div
      role="status"
      className="mb-6 flex flex-wrap items-center gap-3 rounded-xl bg-amber-50 px-4 py-3 text-sm text-amber-950 ring-1 ring-amber-200"
    >
      <Info className="size-5 shrink-0 text-amber-700" aria-hidden="true" />
      <p className="min-w-0 flex-1">
        The {PLAN_TABLE[plan].label} plan ended on {day} because its payment failed. The workspace is on Free now; its credits are kept.
      </p>
      {owner ? (
        <Link href={`/w/${slug}/billing`} className="font-medium underline underline-offset-2">
          Choose a plan
        </Link>
      ) : null}
    </div>
  );
}
