"use client";
import { useQuery } from "@tanstack/react-query";
import { ShieldAlert, ShieldX } from "lucide-react";
import { useWorkspace } from "@/components/shell/workspace-context";
import { useTRPC } from "@/components/trpc/client";
import { mlsVerdict, photoSettingOf, type MlsVerdict } from "@/shared/mls-rules";
import type { EditOperation } from "@/shared/vocabulary";

function useRuleSet() {
  const trpc = useTRPC();
  const workspace = useWorkspace();
  return useQuery({ ...trpc.compliance.ruleSet.queryOptions({ workspaceId: workspace.id }), staleTime: 60_000 });
}

/** What the workspace's MLS rule set says about an edit before it starts. */
export function useMlsVerdict(
  operation: EditOperation,
  setting: string | null | undefined,
): { verdict: MlsVerdict; ruleSetName: string | null } {
  const rules = useRuleSet();
  if (!rules.data) return { verdict: { allowed: "yes" }, ruleSetName: null };
  return { verdict: mlsVerdict(rules.data.id, operation, photoSettingOf(setting)), ruleSetName: rules.data.name };
}

/** The edits worth offering: those the rule set does not refuse outright for this setting (a refused one is never offered, then refused). */
export function useMlsAllowedOptions<O extends { value: EditOperation }>(options: readonly O[], setting: string | null | undefined): O[] {
  const rules = useRuleSet();
  if (!rules.data) return [...options];
  return options.filter((option) => mlsVerdict(rules.data.id, option.value, photoSettingOf(setting)).allowed !== "no");
}

/** A warning (the edit may start) or a refusal (it may not), with the rule's reason. */
export function MlsVerdictNote({ verdict, ruleSetName }: { verdict: MlsVerdict; ruleSetName: string | null }) {
  if (verdict.allowed === "yes") return null;
  const refused = verdict.allowed === "no";
  const Icon = refused ? ShieldX : ShieldAlert;
  return (
    <p
      role={refused ? "alert" : "note"}
      data-testid="mls-verdict"
      className={`flex gap-2 rounded-lg border p-3 text-sm ${refused ? "border-red-200 bg-red-50 text-red-900" : "border-amber-200 bg-amber-50 text-amber-900"}`}
    >
      <Icon className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
      <span>
        <strong>{refused ? `Not allowed by ${ruleSetName}. ` : `${ruleSetName}: check before publishing. `}</strong>
        {verdict.reason}
      </span>
    </p>
  );
}
