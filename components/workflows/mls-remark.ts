import { disclosureLabelFor } from "@/shared/generation-vocabulary";
import type { GenerationView } from "./types";

/**
 * The remark line MLS rules ask for on a listing whose photos were virtually staged or
 * otherwise altered, built from the finished outputs of the project's runs. Null when
 * no photo of the listing was altered. Wording follows each output's disclosure label.
 */
export function mlsRemark(generations: GenerationView[]): string | null {
  const labels = new Set<string>();
  for (const generation of generations) {
    for (const output of generation.outputs) {
      const label = output.url ? disclosureLabelFor(output.role) : null;
      if (label) labels.add(label);
    }
  }
  if (labels.size === 0) return null;
  const staged = labels.has("Virtually staged");
  const words = [...labels].map((label) => label.toLowerCase());
  const list = words.length > 1 ? `${words.slice(0, -1).join(", ")} or ${words.at(-1)}` : words[0];
  return `Some listing photos have been ${list}.${staged ? " Furniture and décor shown in staged photos are not included." : ""}`;
}

/** The description as pasted into an MLS: the copy, then the remark line when one is needed. */
export function copyForMls(description: string, remark: string | null): string {
  return remark ? `${description.trim()}\n\n${remark}` : description.trim();
}
