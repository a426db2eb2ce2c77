import { Spinner } from "@/components/ui/spinner";

/** The place of a result that is still being made. */
export function PendingTile({ label }: { label: string }) {
  return (
    <div className="flex aspect-[4/3] flex-col items-center justify-center gap-2 rounded-lg bg-stone-100 text-sm text-stone-600 ring-1 ring-stone-200">
      <Spinner className="size-5 text-accent-600" />
      {label}
    </div>
  );
}
