/**
 * A redesign call with the structure check (server/images/structure-check.ts) on the
 * types that must keep the room (staging, redecorate, render, declutter; interior and
 * commercial rooms), and its three verdicts (D17):
 * - `pass`: the output is kept as it is;
 * - `review`: kept too, with the zones that made the check unsure, for a person to judge
 *   before anything is published; never asked for again here (the second generation
 *   would be paid for a result that may well be right);
 * - `fail`: only from the measures that are sure. The provider is asked once more with
 *   `firmStructure` (hosted models get a firmer prompt; the local provider simply runs
 *   again); a second refusal fails the output with `structure_changed`, permanent, so the
 *   caller's failure path refunds it (D4). The error's message names the failing zones
 *   with their figures and its details carry every zone's scores and where the zones were
 *   placed, so whoever reads the failed output sees why.
 * Kitchens and bathrooms (the request's room type) have their built-ins checked too.
 *
 * With a keep mask (D17) every output, of every type, first has the photo's kept areas
 * pasted back (restore-kept-output.ts), and the check skips them. An output that cannot
 * be aligned with the photo keeps what the model drew and is delivered with `review` and
 * the reason, never asked for again and never refused for it.
 */
import "server-only";
import { AppError } from "@/server/errors";
import { checkStructure, needsStructureCheck, type StructureCheck } from "@/server/images/structure-check";
import { keptRegions, type KeptRegion } from "@/server/images/kept-areas";
import { keptSourceOf, type KeptSource } from "@/server/images/restore-kept";
import { plainReason } from "@/server/images/structure-verdict";
import type { ImageFile, ProviderResult, RedesignParams, RedesignProvider } from "@/server/providers/types";
import type { OutputCheck } from "../../schemas/output-check";
import { callProvider } from "./call-provider";
import { restoreKeptOutput } from "./restore-kept-output";

/** The output, the check's verdict on it (null for the types that are not checked), and the areas pasted back from the photo (null when none were). */
export interface CheckedResult {
  result: ProviderResult;
  check: OutputCheck | null;
  kept: KeptRegion[] | null;
}

/** `keptMask`: the keep mask stored with the job or view (D17), white where the photo is kept; null when nothing is. */
export async function redesignChecked(
  provider: RedesignProvider,
  source: ImageFile,
  params: RedesignParams,
  keptMask: Buffer | null = null,
): Promise<CheckedResult> {
  const keptAreas = keptMask ? await keptRegions(keptMask) : null;
  // The photo's side of the paste, found once for the first try's outputs and a second try's.
  let keptSource: Promise<KeptSource> | null = null;
  const generate = async (asked: RedesignParams) => {
    const made = await callProvider((signal) => provider.redesign(source, { ...asked, keptAreas }, signal));
    if (!keptMask) return { result: made, unaligned: null };
    return restoreKeptOutput(() => (keptSource ??= keptSourceOf(source.bytes, keptMask)), made);
  };
  const deliver = (made: Awaited<ReturnType<typeof generate>>, check: OutputCheck | null): CheckedResult =>
    made.unaligned
      ? { result: made.result, check: notRestoredCheck(made.unaligned), kept: null }
      : { result: made.result, check, kept: keptAreas };
  const first = await generate(params);
  if (first.unaligned || !needsStructureCheck(params)) return deliver(first, null);
  const options = { roomType: params.roomType, type: params.type, keptMask };
  const firstCheck = await checkStructure(source.bytes, first.result.outputs[0].bytes, options);
  if (firstCheck.verdict !== "fail") return deliver(first, outputCheckOf(firstCheck));

  // A work key of its own: a hosted provider would otherwise resume the refused prediction.
  const firm = { ...params, firmStructure: true, ...(params.workKey ? { workKey: `${params.workKey}:firm` } : {}) };
  const second = await generate(firm);
  if (second.unaligned) return deliver(second, null);
  const check = await checkStructure(source.bytes, second.result.outputs[0].bytes, options);
  if (check.verdict !== "fail") return deliver(second, outputCheckOf(check));
  throw new AppError(
    "structure_changed",
    `The generated image changed the room itself (${check.reason}), also when asked again, so it was not kept.`,
    {
      details: scoresOf(check),
    },
  );
}

/** What a delivered output's record says of the check (D17): the verdict, one sentence, and the zones to look at, each with its plain reasons, most certain first. */
export function outputCheckOf(check: StructureCheck): OutputCheck {
  if (check.verdict === "fail") throw new Error("a refused output is never delivered");
  if ("unaligned" in check.alignment)
    return {
      verdict: "review",
      summary: check.summary,
      zones: [
        { zone: "whole photo", reason: `the result could not be lined up with the photo: ${check.alignment.unaligned}`, region: null },
      ],
    };
  const zones = new Map<string, OutputCheck["zones"][number]>();
  for (const finding of check.findings) {
    const zone = zones.get(finding.zone);
    if (zone && !zone.reason.includes(plainReason(finding))) zone.reason += `; ${plainReason(finding)}`;
    else
      zones.set(finding.zone, {
        zone: finding.zone,
        reason: plainReason(finding),
        region: roundRegion(check.zones.find((z) => z.zone === finding.zone)?.region ?? null),
      });
  }
  return { verdict: check.verdict, summary: check.summary, zones: [...zones.values()] };
}

/** An output whose kept areas could not be pasted back: it shows the room from another camera, or redrawn (D17). */
function notRestoredCheck(reason: string): OutputCheck {
  return {
    verdict: "review",
    summary: `Check this: the result could not be lined up with the photo (${reason}), so the areas kept from the photo were not restored and the room was not compared.`,
    zones: [
      {
        zone: "kept areas",
        reason: `the areas to keep show what the model drew, not the photo: the result could not be lined up with the photo (${reason})`,
        region: null,
      },
    ],
  };
}

const round = (value: number) => Math.round(value * 1000) / 1000;

function roundRegion(region: OutputCheck["zones"][number]["region"]): OutputCheck["zones"][number]["region"] {
  return region && { x: round(region.x), y: round(region.y), width: round(region.width), height: round(region.height) };
}

/** The check's scores, to two decimals (what they can tell a reader), for the error's details. */
function scoresOf(check: StructureCheck): { zones: StructureCheck["zones"]; geometry: StructureCheck["geometry"] } {
  const rounded = <T extends object>(record: T) =>
    Object.fromEntries(
      Object.entries(record).map(([key, value]) => [key, typeof value === "number" ? Math.round(value * 100) / 100 : value]),
    ) as T;
  return {
    zones: check.zones.map(({ region: _region, ...zone }) => rounded(zone) as StructureCheck["zones"][number]),
    geometry: rounded(check.geometry),
  };
}
