import { Info } from "lucide-react";
import { providerNotice } from "@/shared/disclosure";

/** Where staging starts: which provider this deployment stages with, and for the offline one how to connect a hosted model. */
export function ProviderNotice({ provider }: { provider: string }) {
  const notice = providerNotice(provider);
  return (
    <div
      role="note"
      aria-label="Staging provider"
      className="flex gap-2 rounded-lg bg-stone-50 p-3 text-sm text-stone-700 ring-1 ring-stone-200"
    >
      <Info className="mt-0.5 size-4 shrink-0 text-accent-700" aria-hidden="true" />
      <div className="space-y-1">
        <p>{notice.title}</p>
        {notice.detail ? <p className="text-xs text-stone-600">{notice.detail}</p> : null}
      </div>
    </div>
  );
}
