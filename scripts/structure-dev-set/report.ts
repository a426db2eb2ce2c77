/**
 * The development set's figures per measure (run.ts): a pair's worst value of each of the
 * structure check's measures over its zones, whether that value alone crosses the
 * measure's limit, and tables of both per label.
 */
import { recallLimits, STRUCTURE_THRESHOLDS, type StructureCheck, type ZoneScore } from "@/server/images/structure-check";

const t = STRUCTURE_THRESHOLDS;

/** A measure of the zones' scores: which way is worse, and when it alone would refuse the zone. */
interface Measure {
  name: keyof ZoneScore;
  /** min: lower is worse; max: higher is worse; abs: farther from zero is worse. */
  worse: "min" | "max" | "abs";
  limit: string;
  crosses: (value: number, zone: ZoneScore) => boolean;
}

export const MEASURES: Measure[] = [
  { name: "edgeRecall", worse: "min", limit: `< ${t.minEdgeRecall} (built-ins ${t.minBuiltInsEdgeRecall})`, crosses: (v, z) => v < recallLimits(z.kind)[0] },
  { name: "localRecall", worse: "min", limit: `< ${t.minLocalRecall} (built-ins ${t.minBuiltInsLocalRecall})`, crosses: (v, z) => v < recallLimits(z.kind)[1] },
  { name: "erasedRecall", worse: "min", limit: `< ${t.minErasedRecall}`, crosses: (v) => v < t.minErasedRecall },
  { name: "changed", worse: "max", limit: `> ${t.maxChanged}`, crosses: (v) => v > t.maxChanged },
  { name: "repaint", worse: "max", limit: `> ${t.maxRepaint}`, crosses: (v) => v > t.maxRepaint },
  { name: "lightness", worse: "abs", limit: `beyond ±${t.maxLightness}`, crosses: (v) => Math.abs(v) > t.maxLightness },
  { name: "ceilingChanged", worse: "max", limit: `> ${t.maxCeilingChanged}`, crosses: (v) => v > t.maxCeilingChanged },
  { name: "topEdgeChanged", worse: "max", limit: `> ${t.maxTopEdgeChanged}`, crosses: (v) => v > t.maxTopEdgeChanged },
  { name: "floorVisible", worse: "min", limit: `< ${t.minFloorVisible}`, crosses: (v) => v < t.minFloorVisible },
  { name: "floorMaterialChanged", worse: "max", limit: `> ${t.maxFloorMaterialChanged}`, crosses: (v) => v > t.maxFloorMaterialChanged },
  { name: "floorLinesChanged", worse: "max", limit: `> ${t.maxFloorLinesChanged}`, crosses: (v) => v > t.maxFloorLinesChanged },
  { name: "uprightsErased", worse: "max", limit: `> ${t.maxUprightsErased}`, crosses: (v) => v > t.maxUprightsErased },
];

interface Checked {
  pair: { label: "kept" | "changed" };
  check: StructureCheck;
}

const LABELS = ["kept", "changed"] as const;

/** The zones that judged the measure, with its value. */
function judged(check: StructureCheck, measure: Measure): { value: number; zone: ZoneScore }[] {
  return check.zones.flatMap((zone) => (typeof zone[measure.name] === "number" ? [{ value: zone[measure.name] as number, zone }] : []));
}

/** The pair's worst value of the measure over its zones (lightness as its size), or null when no zone judged it. */
export function worstValue(check: StructureCheck, measure: Measure): number | null {
  const values = judged(check, measure).map(({ value }) => (measure.worse === "abs" ? Math.abs(value) : value));
  if (!values.length) return null;
  return measure.worse === "min" ? Math.min(...values) : Math.max(...values);
}

const crossesAnywhere = (check: StructureCheck, measure: Measure) => judged(check, measure).some(({ value, zone }) => measure.crosses(value, zone));

/** A passing pair's closest calls: each measure's worst value. */
export function worst(check: StructureCheck): string {
  return MEASURES.flatMap((m) => {
    const value = worstValue(check, m);
    return value === null ? [] : [`${m.name} ${value.toFixed(m.name === "lightness" ? 1 : 2)}`];
  }).join(", ");
}

function median(sorted: number[]): number {
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

function spread(values: number[], digits: number): string {
  if (!values.length) return "–";
  const sorted = [...values].sort((a, b) => a - b);
  return [sorted[0], median(sorted), sorted[sorted.length - 1]].map((v) => v.toFixed(digits)).join(" / ");
}

const ofLabel = (results: Checked[], label: (typeof LABELS)[number]) => results.filter((r) => r.pair.label === label);

/** Per zone kind and failure in the check's answer: the pairs of each label it is among the reasons for refusing. */
export function printZoneFailures(results: Checked[]): void {
  const keys = [...new Set(results.flatMap((r) => r.check.zones.flatMap((z) => (z.failure ? [`${z.kind}: ${z.failure}`] : []))))].sort();
  const count = (label: (typeof LABELS)[number], key: string) => ofLabel(results, label).filter((r) => r.check.zones.some((z) => z.failure && `${z.kind}: ${z.failure}` === key)).length;
  console.log(`\n| zone failure (the check's answer) | kept refused (of ${ofLabel(results, "kept").length}) | changed refused (of ${ofLabel(results, "changed").length}) |\n|---|---|---|`);
  for (const key of keys) console.log(`| ${key} | ${count("kept", key)} | ${count("changed", key)} |`);
}

/** Per measure: the pairs of each label it alone would refuse (its limit crossed in any zone), and its worst values' min / median / max. */
export function printMeasures(results: Checked[]): void {
  console.log("\n| measure | refuses when | kept: refused | kept: min / median / max | changed: refused | changed: min / median / max |\n|---|---|---|---|---|---|");
  for (const m of MEASURES) {
    const cells = LABELS.flatMap((label) => {
      const pairs = ofLabel(results, label);
      const values = pairs.map((r) => worstValue(r.check, m)).filter((v): v is number => v !== null);
      const refused = pairs.filter((r) => crossesAnywhere(r.check, m)).length;
      return [`${refused}`, `${spread(values, m.name === "lightness" ? 1 : 2)} (${values.length} judged)`];
    });
    console.log(`| ${m.name} | ${m.limit} | ${cells.join(" | ")} |`);
  }
}
