import { cx } from "@/components/ui/cx";
import { GENERATION_KIND_LABELS, GENERATION_KINDS, type GenerationKind } from "@/shared/vocabulary";
import type { GenerationView } from "./types";

/** Toggle buttons that narrow the results to one workflow; only workflows with results are offered. Whole-listing batches count as staging. */
export function ResultsFilter({
  generations,
  batches,
  value,
  onChange,
}: {
  generations: GenerationView[];
  batches: number;
  value: GenerationKind | null;
  onChange: (kind: GenerationKind | null) => void;
}) {
  const counts = new Map<GenerationKind, number>();
  for (const generation of generations) counts.set(generation.kind, (counts.get(generation.kind) ?? 0) + 1);
  if (batches > 0) counts.set("staging", (counts.get("staging") ?? 0) + batches);
  const options: { kind: GenerationKind | null; label: string; count: number }[] = [
    { kind: null, label: "All", count: generations.length + batches },
    ...GENERATION_KINDS.filter((kind) => counts.has(kind) || kind === value).map((kind) => ({
      kind,
      label: GENERATION_KIND_LABELS[kind],
      count: counts.get(kind) ?? 0,
    })),
  ];
  return (
    <div role="group" aria-label="Show results of" className="flex flex-wrap gap-1.5">
      {options.map((option) => {
        const pressed = option.kind === value;
        return (
          <button
            key={option.kind ?? "all"}
            type="button"
            aria-pressed={pressed}
            onClick={() => onChange(option.kind)}
            className={cx(
              "rounded-full px-3 py-1 text-xs font-medium ring-1 transition-colors",
              pressed ? "bg-accent-700 text-white ring-accent-700" : "bg-white text-stone-700 ring-stone-300 hover:bg-stone-50",
            )}
          >
            {option.label} <span className={pressed ? "text-accent-50" : "text-stone-600"}>{option.count}</span>
          </button>
        );
      })}
    </div>
  );
}
