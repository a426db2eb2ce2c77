"use client";
import { useMutation } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useState, type FormEvent } from "react";
import { useWorkspace } from "@/components/shell/workspace-context";
import { useTRPC } from "@/components/trpc/client";
import { SubmitWithError } from "@/components/ui/submit-with-error";
import { SelectField } from "@/components/ui/field";
import { useToast } from "@/components/ui/toast";
import { BalanceThresholdField } from "./balance-threshold-field";
import { creditsLabel } from "@/shared/credit-costs";
import { CREDIT_PACKS } from "@/shared/plans";

/**
 * Opt-in auto top-up: when a charge leaves the balance under the threshold, the card saved
 * with the last pack is charged for the chosen pack, once each time. Why it last stopped
 * (a decline, an authentication) is shown until it is turned on again.
 */
export function AutoTopUpForm({
  initial,
  prices,
  canTurnOn,
}: {
  initial: { threshold: number | null; pack: number | null; stoppedReason: string | null };
  prices: Partial<Record<string, string>> | null;
  canTurnOn: boolean;
}) {
  const trpc = useTRPC();
  const workspace = useWorkspace();
  const router = useRouter();
  const toast = useToast();
  const [enabled, setEnabled] = useState(initial.threshold !== null);
  const [threshold, setThreshold] = useState(String(initial.threshold ?? 100));
  const [pack, setPack] = useState(String(initial.pack ?? 500));
  const save = useMutation(
    trpc.billing.setAutoTopUp.mutationOptions({
      onSuccess: (_, input) => {
        toast(input.enabled ? "Auto top-up is on" : "Auto top-up is off");
        router.refresh();
      },
    }),
  );
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate({ workspaceId: workspace.id, enabled, threshold: Number(threshold), pack: Number(pack) });
  };
  const price = prices?.[pack];
  return (
    <form onSubmit={submit} className="space-y-4" aria-label="Auto top-up">
      {initial.stoppedReason ? (
        <p role="status" className="rounded-lg border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900">
          Auto top-up was turned off: {initial.stoppedReason}.
        </p>
      ) : null}
      <label className="flex items-center gap-2 text-sm font-medium text-stone-800">
        <input
          type="checkbox"
          className="size-4 accent-accent-600"
          checked={enabled}
          disabled={!canTurnOn && !enabled}
          onChange={(e) => setEnabled(e.target.checked)}
        />
        Top up automatically
      </label>
      {!canTurnOn && !enabled ? (
        <p className="text-sm text-stone-600">Buy a credit pack first: auto top-up charges the card saved with it.</p>
      ) : null}
      <div className="grid max-w-sm gap-4">
        <BalanceThresholdField value={threshold} disabled={!enabled} onChange={setThreshold} />
        <SelectField
          label="Buy"
          value={pack}
          disabled={!enabled}
          onChange={(e) => setPack(e.target.value)}
          options={CREDIT_PACKS.map((p) => ({
            value: String(p.credits),
            label: `${creditsLabel(p.credits)}${prices?.[String(p.credits)] ? ` (${prices[String(p.credits)]})` : ""}`,
          }))}
        />
      </div>
      {enabled && price ? (
        <p className="text-sm text-stone-600">
          Each top-up charges the saved card {price}; if the bank declines it or asks to confirm, auto top-up turns itself off and owners
          get an email.
        </p>
      ) : null}
      <SubmitWithError error={save.error} pending={save.isPending} variant="secondary">
        Save auto top-up
      </SubmitWithError>
    </form>
  );
}
