/**
 * The structure check's verdict in words for people: its plain summary, and per zone each
 * measure against its limit ("lines kept 41 % (needs 55 %)"), the failing zones first,
 * then those marked for review, so the studio's change view shows why an output was
 * refused or marked, or how close it came.
 */
import "server-only";
import { recallLimits, STRUCTURE_THRESHOLDS, type StructureCheck, type ZoneScore } from "./structure-check";

export interface StructureSummary {
  verdict: StructureCheck["verdict"];
  /** The check's plain sentence (structure-verdict.ts). */
  summary: string;
  zones: { zone: string; verdict: StructureCheck["verdict"]; scores: string }[];
}

const percent = (v: number) => `${Math.round(v * 100)} %`;

export function summariseStructure(check: StructureCheck): StructureSummary {
  const zones = check.zones.map((z) => ({ zone: z.zone, verdict: z.verdict, scores: scoresOf(z) }));
  const order = ["fail", "review", "pass"] as const;
  return { verdict: check.verdict, summary: check.summary, zones: order.flatMap((verdict) => zones.filter((z) => z.verdict === verdict)) };
}

function scoresOf(z: ZoneScore): string {
  const t = STRUCTURE_THRESHOLDS;
  if (z.kind === "uprights") {
    return z.uprightsErased == null
      ? "too few long uprights to judge"
      : `erased ${percent(z.uprightsErased)} of their length (limit ${percent(t.maxUprightsErased)})`;
  }
  if (z.kind === "floor") {
    const material =
      z.floorMaterialChanged == null
        ? "texture not judged (too little visible)"
        : `texture changed on ${percent(z.floorMaterialChanged)} (limit ${percent(t.maxFloorMaterialChanged)}), joints moved on ${percent(z.floorLinesChanged ?? 0)} (limit ${percent(t.maxFloorLinesChanged)})`;
    return `left as it was ${percent(z.floorVisible ?? 1)} (needs ${percent(t.minFloorVisible)}), ${material}`;
  }
  const [minRecall, minLocal] = recallLimits(z.kind);
  const parts = [
    z.edgeRecall === null ? "too few lines to judge" : `lines kept ${percent(z.edgeRecall)} (needs ${percent(minRecall)})`,
    ...(z.localRecall === null ? [] : [`worst part ${percent(z.localRecall)} (needs ${percent(minLocal)})`]),
    ...(z.erasedRecall == null
      ? []
      : [`worst part with nothing in front ${percent(z.erasedRecall)} (needs ${percent(t.minErasedRecall)})`]),
    `changed beyond light ${percent(z.changed ?? 0)} (limit ${percent(t.maxChanged)})`,
    `repainted ${percent(z.repaint ?? 0)} (limit ${percent(t.maxRepaint)})`,
    `light ${signedLightness(z.lightness ?? 0)} L* (limit ±${t.maxLightness})`,
    ...(z.ceilingChanged == null ? [] : [`its own surface changed ${percent(z.ceilingChanged)} (limit ${percent(t.maxCeilingChanged)})`]),
    ...(z.topEdgeChanged == null ? [] : [`top of the photo changed ${percent(z.topEdgeChanged)} (limit ${percent(t.maxTopEdgeChanged)})`]),
  ];
  return parts.join(", ");
}

/** "+1.3", "-2.0", and "+0.0" for a shift that rounds to nothing (never "-0.0"). */
function signedLightness(value: number): string {
  const rounded = Math.round(value * 10) / 10 || 0;
  return `${rounded >= 0 ? "+" : ""}${rounded.toFixed(1)}`;
}
