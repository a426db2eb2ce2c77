/**
 * A redesign call with the structure check (server/images/structure-check.ts) on the
 * types that must keep the room (staging, redecorate, render, declutter; interior and
 * commercial rooms): an output that
 * moved, removed or repainted the ceiling, upper walls, windows or door frames is not
 * stored. The provider is asked once more with `firmStructure` (hosted models get a
 * firmer prompt; the local provider simply runs again); a second refusal fails the output
 * with `structure_changed`, permanent, so the caller's failure path refunds it (D4). The
 * error's message names the failing zones with their figures and its details carry every
 * zone's scores and where the zones were placed, so whoever reads the failed output sees
 * why. Kitchens and bathrooms (the request's room type) have their built-ins checked too.
 */
import "server-only";
import { AppError } from "@/server/errors";
import { checkStructure, needsStructureCheck, type StructureCheck } from "@/server/images/structure-check";
import type { ImageFile, ProviderResult, RedesignParams, RedesignProvider } from "@/server/providers/types";
import { callProvider } from "./call-provider";

export async function redesignChecked(provider: RedesignProvider, source: ImageFile, params: RedesignParams): Promise<ProviderResult> {
  const first = await callProvider((signal) => provider.redesign(source, params, signal));
  if (!needsStructureCheck(params)) return first;
  const options = { roomType: params.roomType, type: params.type };
  if ((await checkStructure(source.bytes, first.outputs[0].bytes, options)).verdict === "pass") return first;

  // A work key of its own: a hosted provider would otherwise resume the refused prediction.
  const firm = { ...params, firmStructure: true, ...(params.workKey ? { workKey: `${params.workKey}:firm` } : {}) };
  const second = await callProvider((signal) => provider.redesign(source, firm, signal));
  const check = await checkStructure(source.bytes, second.outputs[0].bytes, options);
  if (check.verdict === "pass") return second;
  throw new AppError("structure_changed", `The generated image changed the room itself (${check.reason}), also when asked again, so it was not kept.`, {
    details: scoresOf(check),
  });
}

/** The check's scores, to two decimals (what they can tell a reader), for the error's details. */
function scoresOf(check: StructureCheck): { zones: StructureCheck["zones"]; geometry: StructureCheck["geometry"] } {
  const round = (value: unknown) => (typeof value === "number" ? Math.round(value * 100) / 100 : value);
  const rounded = <T extends object>(record: T) => Object.fromEntries(Object.entries(record).map(([key, value]) => [key, round(value)])) as T;
  return { zones: check.zones.map(rounded), geometry: rounded(check.geometry) };
}
