"use client";
import { Tabs } from "@/components/ui/tabs";
import { CopyButton } from "@/components/workflows/copy-button";
import type { Sample } from "./samples";

const LANGUAGES = [
  { id: "curl", label: "curl" },
  { id: "typescript", label: "TypeScript" },
  { id: "python", label: "Python" },
] as const;

/** One sample in the three languages, each with a copy button. */
export function CodeTabs({ sample, label }: { sample: Sample; label: string }) {
  return (
    <Tabs
      label={`${label}: language`}
      tabs={LANGUAGES.map(({ id, label: language }) => ({
        id,
        label: language,
        content: (
          <div className="space-y-2">
            <div className="flex justify-end">
              <CopyButton text={sample[id]} label={`Copy ${language}`} />
            </div>
            <pre
              tabIndex={0}
              aria-label={`${label} in ${language}`}
              className="overflow-x-auto rounded-md bg-stone-900 p-4 font-mono text-xs leading-relaxed text-stone-100"
            >
              {sample[id]}
            </pre>
          </div>
        ),
      }))}
    />
  );
}
