/**
 * A redesign call with the structure check (server/images/structure-check.ts) on the
 * types that must keep the room (staging, redecorate, render, declutter; interior and
 * commercial rooms): an output that
 * moved, removed or repainted the ceiling, upper walls, windows or door frames is not
 * stored. The provider is asked once more with `firmStructure` (hosted models get a
 * firmer prompt; the local provider simply runs again); a second refusal fails the output
 * with `structure_changed`, permanent, so the caller's failure path refunds it (D4).
 */
import "server-only";
import { AppError } from "@/server/errors";
import { checkStructure, needsStructureCheck } from "@/server/images/structure-check";
import type { ImageFile, ProviderResult, RedesignParams, RedesignProvider } from "@/server/providers/types";
import { callProvider } from "./call-provider";

export async function redesignChecked(provider: RedesignProvider, source: ImageFile, params: RedesignParams): Promise<ProviderResult> {
  const first = await callProvider((signal) => provider.redesign(source, params, signal));
  if (!needsStructureCheck(params)) return first;
  if ((await checkStructure(source.bytes, first.outputs[0].bytes)).verdict === "pass") return first;

  // A work key of its own: a hosted provider would otherwise resume the refused prediction.
  const firm = { ...params, firmStructure: true, ...(params.workKey ? { workKey: `${params.workKey}:firm` } : {}) };
  const second = await callProvider((signal) => provider.redesign(source, firm, signal));
  const check = await checkStructure(source.bytes, second.outputs[0].bytes);
  if (check.verdict === "pass") return second;
  throw new AppError("structure_changed", `The generated image changed the room itself (${check.reason}), also when asked again, so it was not kept.`, {
    details: { zones: check.zones },
  });
}
