/**
 * From the structure check's scores to its verdict (D17): `pass`, `review` or `fail`.
 *
 * The measures see change well and cannot tell which change is allowed: a rug laid over a
 * floor and a floor re-laid, a picture taken down and a window walled up, a chair set in
 * front of kitchen cabinets and the cabinets swapped look alike in pixels. So a measure
 * refuses an output only where it refused no real faithful output of the development set
 * (REFUSAL_LIMITS; the figures behind each choice are in docs/structure-check.md), and
 * only further out than the limit where it asks for a person: a score near its limit is
 * never refused. Every other measure beyond its limit marks the output for a person to
 * judge. The floor measures never refuse: a staged room covers its floor.
 *
 * Each finding carries two sentences: the technical one that goes into a refusal's error
 * ("window, door or frame lines lost on the upper left wall (kept 41 % of them, needs
 * 55 %)"), and a plain one for the person asked to look ("window, door or frame lines on
 * the upper left wall may be gone").
 */
import "server-only";
import { FLOOR_THRESHOLDS } from "./floor-material";

export const STRUCTURE_THRESHOLDS = {
  /** Least share of a zone's source lines the output must keep. */
  minEdgeRecall: 0.55,
  /** Least share any window dense with lines must keep. */
  minLocalRecall: 0.3,
  /**
   * The same two for a kitchen's or bathroom's built-ins, stricter: in front of cabinets
   * staging may set a stool or a bowl, which hides a few lines, while new fronts keep the
   * doors' outlines and lose their panels and handles, about half of their lines.
   */
  minBuiltInsEdgeRecall: 0.7,
  minBuiltInsLocalRecall: 0.55,
  /**
   * Least share any window dense with lines must keep of the lines nothing added hides:
   * with what stands in front discounted, only re-synthesis and registration lose lines
   * (up to a fifth of a fine wallpaper's), while an erased fixture or a pane made solid
   * loses half or more.
   */
  minErasedRecall: 0.7,
  /** Largest share of a zone whose colour or pattern changed beyond light, whatever did it. */
  maxChanged: 0.5,
  /** Largest share of a zone repainted (its colour changed beyond light, no new lines around it). */
  maxRepaint: 0.2,
  /** Largest median shift of the light across a zone after the whole-image grade (L*), either way. */
  maxLightness: 25,
  /** Largest share of the ceiling's own surface (ceiling-surface.ts) changed beyond light: staging adds a light fitting to a ceiling, not a new finish. */
  maxCeilingChanged: 0.5,
  /** Largest share of the frame's top rows changed beyond light: a fitting hangs from a few percent of them. */
  maxTopEdgeChanged: 0.5,
  minFloorVisible: FLOOR_THRESHOLDS.minVisible,
  maxFloorMaterialChanged: FLOOR_THRESHOLDS.maxMaterialChanged,
  maxFloorLinesChanged: FLOOR_THRESHOLDS.maxLinesChanged,
  /** Largest share of the room's uprights (uprights.ts) erased along most of their length with nothing in front of them. */
  maxUprightsErased: 0.35,
} as const;

export type ZoneKind = "ceiling" | "wall" | "floor" | "built-ins" | "uprights";

export const MEASURE_NAMES = [
  "edgeRecall",
  "localRecall",
  "erasedRecall",
  "changed",
  "repaint",
  "lightness",
  "ceilingChanged",
  "topEdgeChanged",
  "floorVisible",
  "floorMaterialChanged",
  "floorLinesChanged",
  "uprightsErased",
] as const;
export type MeasureName = (typeof MEASURE_NAMES)[number];

export type ZoneFailure =
  | "structure_lost"
  | "structure_lost_locally"
  | "resurfaced"
  | "repainted"
  | "ceiling_refinished"
  | "floor_covered"
  | "floor_changed"
  | "uprights_erased";

/**
 * Where each measure refuses an output (D17): only the measures that refused no real
 * faithful output of the development set at this limit (docs/structure-check.md has the
 * figures), and each of them further out than the limit where it asks for a person
 * (STRUCTURE_THRESHOLDS), so a score near its limit is judged by a person, never refused.
 * Every other measure beyond its limit gives `review` and never refuses.
 */
export const REFUSAL_LIMITS: Partial<Record<MeasureName, number>> = {
  /** Review beyond 0.2 (a fifth of a band in another paint is plain to a reviewer); real faithful outputs reach 0.40. */
  repaint: 0.45,
  /** Review beyond 0.5; real faithful outputs reach 0.46 (a headboard and art under a low ceiling). */
  ceilingChanged: 0.55,
  /** Review beyond 0.5; real faithful outputs reach 0.36. */
  topEdgeChanged: 0.55,
  /** Review beyond 0.35; real faithful outputs reach 0.35 (a model that moved the camera), the drawn erased doors 0.52 and more. */
  uprightsErased: 0.45,
};

/**
 * Scores the check reports but does not judge: what they measure is allowed. `changed`
 * adds to `repaint` what the output set in front of the walls (a television, art, a
 * headboard over most of a band), which staging may do; `floorVisible` is how much of the
 * floor rugs and furniture cover, which a staged room does (D17), except when almost
 * nothing is left to judge the floor by (FLOOR_LEFT_TO_JUDGE).
 */
export const REPORTED_ONLY: readonly MeasureName[] = ["changed"];
/** Under this share of the floor left as it was, a person is asked to look at the floor: nothing is left to compare it by. */
export const FLOOR_LEFT_TO_JUDGE = 0.05;

/** A zone's scores as the check measured them (structure-check.ts). */
export interface ZoneScores {
  zone: string;
  kind: ZoneKind;
  edgeRecall?: number | null;
  localRecall?: number | null;
  erasedRecall?: number | null;
  changed?: number | null;
  repaint?: number | null;
  lightness?: number | null;
  ceilingChanged?: number | null;
  topEdgeChanged?: number | null;
  floorVisible?: number | null;
  floorMaterialChanged?: number | null;
  floorLinesChanged?: number | null;
  uprightsErased?: number | null;
}

export interface Finding {
  zone: string;
  kind: ZoneKind;
  measure: MeasureName;
  failure: ZoneFailure;
  value: number;
  limit: number;
  verdict: "review" | "fail";
}

/** The least shares of lines kept, over the zone and in its worst window, for a zone of this kind. */
export function recallLimits(kind: ZoneKind): [number, number] {
  const t = STRUCTURE_THRESHOLDS;
  return kind === "built-ins" ? [t.minBuiltInsEdgeRecall, t.minBuiltInsLocalRecall] : [t.minEdgeRecall, t.minLocalRecall];
}

/** Each measure's limit for a zone of this kind (beyond it the output is reviewed), which way is worse, and the failure it names. */
export function measureLimits(kind: ZoneKind): { measure: MeasureName; limit: number; below: boolean; failure: ZoneFailure }[] {
  const t = STRUCTURE_THRESHOLDS;
  const [minRecall, minLocal] = recallLimits(kind);
  return [
    { measure: "edgeRecall", limit: minRecall, below: true, failure: "structure_lost" },
    { measure: "localRecall", limit: minLocal, below: true, failure: "structure_lost_locally" },
    { measure: "erasedRecall", limit: t.minErasedRecall, below: true, failure: "structure_lost_locally" },
    { measure: "repaint", limit: t.maxRepaint, below: false, failure: "repainted" },
    { measure: "lightness", limit: t.maxLightness, below: false, failure: "repainted" },
    { measure: "changed", limit: t.maxChanged, below: false, failure: "resurfaced" },
    { measure: "ceilingChanged", limit: t.maxCeilingChanged, below: false, failure: "ceiling_refinished" },
    { measure: "topEdgeChanged", limit: t.maxTopEdgeChanged, below: false, failure: "ceiling_refinished" },
    { measure: "floorVisible", limit: FLOOR_LEFT_TO_JUDGE, below: true, failure: "floor_covered" },
    { measure: "floorMaterialChanged", limit: t.maxFloorMaterialChanged, below: false, failure: "floor_changed" },
    { measure: "floorLinesChanged", limit: t.maxFloorLinesChanged, below: false, failure: "floor_changed" },
    { measure: "uprightsErased", limit: t.maxUprightsErased, below: false, failure: "uprights_erased" },
  ];
}

/** The findings of one zone, refusals first: every judged measure beyond its limit. */
export function zoneFindings(scores: ZoneScores): Finding[] {
  const findings: Finding[] = [];
  for (const { measure, limit, below, failure } of measureLimits(scores.kind)) {
    const raw = scores[measure];
    if (typeof raw !== "number" || REPORTED_ONLY.includes(measure)) continue;
    const value = measure === "lightness" ? Math.abs(raw) : raw;
    const beyond = (at: number) => (below ? value < at : value > at);
    if (!beyond(limit)) continue;
    // A refusal names the limit it crossed.
    const refusal = REFUSAL_LIMITS[measure];
    const refused = refusal !== undefined && beyond(refusal);
    findings.push({
      zone: scores.zone,
      kind: scores.kind,
      measure,
      failure,
      value: raw,
      limit: refused ? refusal : limit,
      verdict: refused ? "fail" : "review",
    });
  }
  return findings.sort((a, b) => rank(b.verdict) - rank(a.verdict));
}

const rank = (verdict: "pass" | "review" | "fail") => ({ pass: 0, review: 1, fail: 2 })[verdict];

export function verdictOf(findings: readonly { verdict: "review" | "fail" }[]): "pass" | "review" | "fail" {
  return findings.some((f) => f.verdict === "fail") ? "fail" : findings.length ? "review" : "pass";
}

const percent = (v: number) => `${Math.round(v * 100)} %`;

/** The technical sentence of a finding, as a refusal's error message gives it. */
export function technicalReason(f: Finding): string {
  const t = STRUCTURE_THRESHOLDS;
  const things = f.kind === "built-ins" ? "cabinet, counter or appliance lines" : "window, door or frame lines";
  switch (f.measure) {
    case "edgeRecall":
      return `${things} lost on the ${f.zone} (kept ${percent(f.value)} of them, needs ${percent(f.limit)})`;
    case "localRecall":
      return `${things} lost in part of the ${f.zone} (kept ${percent(f.value)} there, needs ${percent(f.limit)})`;
    case "erasedRecall":
      return `${things} erased in part of the ${f.zone}, nothing in front of them (kept ${percent(f.value)} there, needs ${percent(f.limit)})`;
    case "changed":
      return `${f.zone} changed beyond light (${percent(f.value)} of it, limit ${percent(f.limit)})`;
    case "repaint":
      return `${f.zone} repainted (${percent(f.value)} of it, limit ${percent(f.limit)})`;
    case "lightness":
      return `${f.zone} repainted lighter or darker (lightness ${f.value.toFixed(1)}, limit ±${f.limit})`;
    case "ceilingChanged":
      return `ceiling refinished (${percent(f.value)} of its own surface changed beyond light, limit ${percent(f.limit)})`;
    case "topEdgeChanged":
      return `ceiling refinished (the top of the photo changed beyond light across ${percent(f.value)} of its width, limit ${percent(f.limit)})`;
    case "uprightsErased":
      return `door, window or wall-corner uprights erased (${percent(f.value)} of their length, limit ${percent(f.limit)})`;
    case "floorVisible":
      return `floor replaced or covered (${percent(f.value)} of it left as it was, needs ${percent(f.limit)})`;
    case "floorMaterialChanged":
      return `floor material changed (${percent(f.value)} of the visible floor, limit ${percent(t.maxFloorMaterialChanged)})`;
    case "floorLinesChanged":
      return `floor re-laid (joints moved on ${percent(f.value)} of the visible floor, limit ${percent(t.maxFloorLinesChanged)})`;
  }
}

/** The plain sentence of a finding, for the person asked to judge the output. */
export function plainReason(f: Finding): string {
  const things = f.kind === "built-ins" ? "cabinets, counters or appliances" : "a window, door or frame";
  switch (f.measure) {
    case "edgeRecall":
      return `${things} on the ${f.zone} may be gone or covered (${percent(f.value)} of its lines kept)`;
    case "localRecall":
      return `part of the ${f.zone} may have lost ${things} (${percent(f.value)} of the lines there kept)`;
    case "erasedRecall":
      return `something on the ${f.zone} may have been erased, a window, a fitting or a picture (${percent(f.value)} of its lines kept where nothing stands in front)`;
    case "changed":
      return `the ${f.zone} looks different over ${percent(f.value)} of it`;
    case "repaint":
      return `the ${f.zone} may have been repainted (${percent(f.value)} of it)`;
    case "lightness":
      return `the ${f.zone} is much ${f.value > 0 ? "lighter" : "darker"}: repainted, or only lit differently`;
    case "ceilingChanged":
    case "topEdgeChanged":
      return `the ceiling may have a new finish (${percent(f.value)} of it changed)`;
    case "uprightsErased":
      return `door, window or wall-corner edges may have been erased (${percent(f.value)} of their length)`;
    case "floorVisible":
      return `most of the floor is covered or changed (${percent(f.value)} left as it was): rugs and furniture, or a new floor`;
    case "floorMaterialChanged":
      return `the visible floor looks like another material on ${percent(f.value)} of it: a rug, or a new floor`;
    case "floorLinesChanged":
      return `the floor's boards or tiles run differently on ${percent(f.value)} of what is visible: a rug, or a floor re-laid`;
  }
}

/** Zones named in a summary; the rest are counted. */
const SUMMARY_ZONES = 3;

/**
 * One sentence for people: what the check found, or that the room looks kept. Each zone
 * is named once, by its most certain finding (refusals first), at most SUMMARY_ZONES of
 * them.
 */
export function summaryOf(verdict: "pass" | "review" | "fail", findings: readonly Finding[], unaligned?: string): string {
  if (unaligned) return `Check this: the result could not be lined up with the photo (${unaligned}), so the room was not compared.`;
  if (verdict === "pass") return "The room's walls, windows, floor and fixtures look as in the photo.";
  const byZone = new Map<string, Finding>();
  for (const finding of findings) if (!byZone.has(finding.zone)) byZone.set(finding.zone, finding);
  const named = [...byZone.values()].slice(0, SUMMARY_ZONES).map(plainReason);
  const more = byZone.size - named.length;
  const lead = verdict === "fail" ? "The room itself changed" : "Check this";
  return `${lead}: ${named.join("; ")}${more ? `; and ${more} more ${more === 1 ? "zone" : "zones"}` : ""}.`;
}
