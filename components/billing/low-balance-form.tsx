"use client";
import { useMutation } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useState, type FormEvent } from "react";
import { useWorkspace } from "@/components/shell/workspace-context";
import { useTRPC } from "@/components/trpc/client";
import { SubmitWithError } from "@/components/ui/submit-with-error";
import { useToast } from "@/components/ui/toast";
import { BalanceThresholdField } from "./balance-threshold-field";

/** The owners' low-balance email: once each time a charge takes the balance under the threshold. */
export function LowBalanceForm({ threshold: initial }: { threshold: number | null }) {
  const trpc = useTRPC();
  const workspace = useWorkspace();
  const router = useRouter();
  const toast = useToast();
  const [enabled, setEnabled] = useState(initial !== null);
  const [threshold, setThreshold] = useState(String(initial ?? 50));
  const save = useMutation(
    trpc.billing.setLowBalanceAlert.mutationOptions({
      onSuccess: () => {
        toast("Low-balance email saved");
        router.refresh();
      },
    }),
  );
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate({ workspaceId: workspace.id, threshold: enabled ? Number(threshold) : null });
  };
  return (
    <form onSubmit={submit} className="space-y-4" aria-label="Low-balance email">
      <label className="flex items-center gap-2 text-sm font-medium text-stone-800">
        <input type="checkbox" className="size-4 accent-accent-600" checked={enabled} onChange={(e) => setEnabled(e.target.checked)} />
        Email the owners when credits run low
      </label>
      <BalanceThresholdField className="max-w-sm" value={threshold} disabled={!enabled} onChange={setThreshold} />
      <SubmitWithError error={save.error} pending={save.isPending} variant="secondary">
        Save email setting
      </SubmitWithError>
    </form>
  );
}
