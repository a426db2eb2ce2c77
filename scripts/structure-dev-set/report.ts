/**
 * The development set's figures (run.ts): the verdicts per label, and per measure how
 * many pairs of each label it sent to review or refused (its findings in the check's
 * answer) with its worst values' min / median / max.
 */
import { MEASURE_NAMES, measureLimits, REFUSAL_LIMITS, REPORTED_ONLY, type MeasureName } from "@/server/images/structure-verdict";
import type { StructureCheck } from "@/server/images/structure-check";

export interface Checked {
  pair: { label: "kept" | "changed" };
  check: StructureCheck;
}

const LABELS = ["kept", "changed"] as const;

const ofLabel = <T extends Checked>(results: T[], label: (typeof LABELS)[number]) => results.filter((r) => r.pair.label === label);
const percent = (part: number, whole: number) => `${whole ? Math.round((part / whole) * 100) : 0} %`;

/** The pair's worst value of the measure over its zones (lightness as its size), or null when no zone has it. */
export function worstValue(check: StructureCheck, measure: MeasureName): number | null {
  const values = check.zones.flatMap((zone) => (typeof zone[measure] === "number" ? [zone[measure] as number] : []));
  if (!values.length) return null;
  if (measure === "lightness") return Math.max(...values.map(Math.abs));
  const lowerIsWorse = measureLimits("wall").find((l) => l.measure === measure)!.below;
  return lowerIsWorse ? Math.min(...values) : Math.max(...values);
}

/** A pair's closest calls: each measure's worst value. */
export function worst(check: StructureCheck): string {
  return MEASURE_NAMES.flatMap((m) => {
    const value = worstValue(check, m);
    return value === null ? [] : [`${m} ${value.toFixed(m === "lightness" ? 1 : 2)}`];
  }).join(", ");
}

function spread(values: number[], digits: number): string {
  if (!values.length) return "–";
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  const median = sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
  return [sorted[0], median, sorted[sorted.length - 1]].map((v) => v.toFixed(digits)).join(" / ");
}

/** Per label: how many pairs passed, went to review (how many of those could not be aligned) and were refused; then the figures D17 is held to. */
export function printVerdicts(results: Checked[]): void {
  console.log("\n| label | pairs | pass | review | of which not aligned | fail |\n|---|---|---|---|---|---|");
  for (const label of LABELS) {
    const pairs = ofLabel(results, label);
    const count = (verdict: StructureCheck["verdict"]) => pairs.filter((r) => r.check.verdict === verdict).length;
    const unaligned = pairs.filter((r) => "unaligned" in r.check.alignment).length;
    console.log(`| ${label} | ${pairs.length} | ${count("pass")} | ${count("review")} | ${unaligned} | ${count("fail")} |`);
  }
  const kept = ofLabel(results, "kept"),
    changed = ofLabel(results, "changed");
  const keptFail = kept.filter((r) => r.check.verdict === "fail").length;
  const keptReview = kept.filter((r) => r.check.verdict === "review").length;
  const caught = changed.filter((r) => r.check.verdict !== "pass").length;
  console.log(
    `\nKept refused: ${keptFail} of ${kept.length} (${percent(keptFail, kept.length)}; target at most 2 %). ` +
      `Changed refused or reviewed: ${caught} of ${changed.length} (${percent(caught, changed.length)}; target at least 95 %). ` +
      `Kept reviewed: ${keptReview} of ${kept.length} (${percent(keptReview, kept.length)}; target at most 15 %).`,
  );
}

/** Per measure: its limits, the pairs of each label it sent to review or refused, and its worst values' spread. */
export function printMeasures(results: Checked[]): void {
  console.log(
    "\n| measure | review beyond (walls; built-ins) | refuses beyond | kept: review / fail | kept: min / median / max | changed: review / fail | changed: min / median / max |\n|---|---|---|---|---|---|---|",
  );
  for (const measure of MEASURE_NAMES) {
    const limit = (kind: "wall" | "built-ins") => measureLimits(kind).find((l) => l.measure === measure)!;
    const review = REPORTED_ONLY.includes(measure)
      ? "reported only"
      : `${limit("wall").below ? "<" : ">"} ${limit("wall").limit}${limit("built-ins").limit !== limit("wall").limit ? `; ${limit("built-ins").limit}` : ""}`;
    const cells = LABELS.flatMap((label) => {
      const pairs = ofLabel(results, label);
      const by = (verdict: "review" | "fail") =>
        pairs.filter((r) => r.check.findings.some((f) => f.measure === measure && f.verdict === verdict)).length;
      const values = pairs.map((r) => worstValue(r.check, measure)).filter((v): v is number => v !== null);
      return [`${by("review")} / ${by("fail")}`, `${spread(values, measure === "lightness" ? 1 : 2)} (${values.length} judged)`];
    });
    console.log(`| ${measure} | ${review} | ${REFUSAL_LIMITS[measure] ?? "never"} | ${cells.join(" | ")} |`);
  }
}
