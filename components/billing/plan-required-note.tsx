"use client";
import Link from "next/link";
import { useCredits } from "@/components/credits/use-credits";
import { useWorkspace } from "@/components/shell/workspace-context";
import { PLAN_NEEDED_FOR } from "@/shared/plans";
import { FREE_PLAN } from "@/shared/vocabulary";
import { allows, holdersOf } from "@/shared/roles";

/** Whether the workspace's plan includes a feature that needs a paid plan (the contract's plan gating). */
export function usePlanAllows(): boolean {
  const { plan } = useCredits();
  return plan !== FREE_PLAN;
}

/** Says which plan a feature needs when the workspace's plan lacks it; owners get the way to upgrade. */
export function PlanRequiredNote({ feature }: { feature: keyof typeof PLAN_NEEDED_FOR }) {
  const workspace = useWorkspace();
  if (usePlanAllows()) return null;
  return (
    <p role="status" className="rounded-lg border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900">
      {PLAN_NEEDED_FOR[feature]}{" "}
      {allows(workspace, "manage_billing") ? (
        <Link href={`/w/${workspace.slug}/billing`} className="font-medium underline underline-offset-2">
          See plans
        </Link>
      ) : (
        `Ask one of its ${holdersOf("manage_billing")} to upgrade the workspace.`
      )}
    </p>
  );
}
