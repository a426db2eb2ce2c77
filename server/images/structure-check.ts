/**
 * The structure check on staging-type outputs (staging, redecorate, render, declutter):
 * staging may add and remove furniture, re-grade the photo and light the room, but the
 * room itself must stay (MLS rules: no change to walls, floors, cabinets, appliances).
 * The output is compared with its source zone by zone (room-zones.ts: the ceiling, the
 * upper walls, the floor, and in kitchens and bathrooms the built-ins band), the zones
 * placed from the photo's own horizon and vanishing point (room-geometry.ts).
 *
 * At a working size of at most 256 px on the long side, after aligning the source with
 * the output (the whole-pixel offset within ±3 px that matches best, align.ts):
 * - ceiling, walls and built-ins: the share of the source's lines the output kept, over
 *   the zone and in its worst window dense with lines, and in that window over the lines
 *   nothing the output added stands in front of (structure-lines.ts); the shares whose
 *   colour moved beyond what light explains after the whole-image grade, and of those
 *   repainted rather than covered by something added, and the light's own lightness
 *   shift (surface-colour.ts); for the ceiling also the share changed of its own
 *   surface, found from the lines rather than the band, and of the frame's top rows
 *   (ceiling-surface.ts);
 * - floor: its share left visible outside what the output changed, and whether the
 *   visible floor kept its texture and its joints' places (floor-material.ts);
 * - the room's uprights (door and window frames, corners), wherever they run, also
 *   through the lower walls the bands leave unchecked: the share of their length erased
 *   with nothing in front of them; for a declutter, which adds nothing, nothing counts
 *   as in front (uprights.ts).
 * Areas kept from the photo (a keep mask, D17) are the source's own pixels pasted back
 * (kept-areas.ts): they are left out of every zone and measure, and of the grade fits,
 * so a window kept neither props up its wall's scores nor reads as changed where the
 * model re-graded the rest.
 * Thresholds (STRUCTURE_THRESHOLDS, reasons in docs/structure-check.md): one failing
 * zone refuses the output. Every zone's scores are in the answer, so whoever reads a
 * refusal sees which measure failed and by how much.
 */
import "server-only";
import { ceilingSurfaceChanged, topEdgeChanged } from "./ceiling-surface";
import { changedAreas } from "./change-map";
import { rgbBufferToLab } from "./color";
import { greyOf, morph } from "./edges";
import { floorMaterial } from "./floor-material";
import { KEPT_AREAS } from "./kept-areas";
import { sharp } from "./sharp";
import { alignFrames, type Reframing } from "./frame-alignment";
import { standardised } from "./align";
import { roomGeometry, type RoomGeometry, LEVEL_CAMERA } from "./room-geometry";
import { BUILT_IN_ROOMS, protectedZones, zonePixels, type ProtectedZone } from "./room-zones";
import { straightSegments } from "./straight-segments";
import { lineMaps, unhiddenShares, zoneLines } from "./structure-lines";
import {
  summaryOf,
  technicalReason,
  verdictOf,
  zoneFindings,
  type Finding,
  type ZoneFailure,
  type ZoneKind,
  type ZoneScores,
} from "./structure-verdict";
import { changedBeyondLight, gradeResidual, repaintedAreas, surfaceChange, zoneSurface } from "./surface-colour";
import { isUpright, UPRIGHT_LIMITS, uprightsErased } from "./uprights";

export { STRUCTURE_THRESHOLDS, recallLimits, type ZoneFailure } from "./structure-verdict";

const WORK_SIDE = 256;
/** Kept areas are left out grown by their seam (kept-areas.ts) and this many working pixels more: the seam and the edge between the photo's pixels and the model's are neither the room's nor the model's. */
const KEPT_RIM = 2;
/** A zone the kept areas leave less of than this share is not judged: what is left is a rim. */
const MIN_ZONE_LEFT = 0.2;

export interface ZoneScore extends ZoneScores {
  /** A band of the frame (room-zones.ts), or the room's uprights wherever they run (uprights.ts). */
  kind: ZoneKind;
  /** Share of the zone's source lines still in the output, 0..1; null for the floor, or when the zone has too few lines to judge. */
  edgeRecall: number | null;
  /** The share kept in the zone's worst window dense with lines, 0..1; null when no window is. */
  localRecall: number | null;
  /** The same over the lines nothing the output added hides (a line gone where the output shows bare surface was erased); null for the floor or when no window is dense enough. */
  erasedRecall?: number | null;
  /** Share of the zone whose colour or pattern changed beyond light, 0..1 (surface-colour.ts); null for the floor. */
  changed: number | null;
  /** Share of the zone repainted, 0..1 (surface-colour.ts); null for the floor. */
  repaint: number | null;
  /** Median lightness shift of the light across the zone after the whole-image grade (L*, signed); null for the floor. */
  lightness: number | null;
  /** Ceiling: the largest share of the ceiling's own surface changed beyond light, 0..1; null when no surface of it was found. */
  ceilingChanged?: number | null;
  /** Ceiling: the share of the frame's top rows changed beyond light, 0..1. */
  topEdgeChanged?: number;
  /** Floor: share left visible outside the changed areas, 0..1. */
  floorVisible?: number;
  /** Floor: share of visible floor cells whose texture changed, 0..1; null when too little is visible. */
  floorMaterialChanged?: number | null;
  /** Floor: share of visible floor cells whose joints moved (lines lost or new), 0..1; null when too little is visible. */
  floorLinesChanged?: number | null;
  /** Uprights: the share of their length erased with nothing in front, 0..1; null when too few uprights to judge. */
  uprightsErased?: number | null;
  /** The zone's own verdict: the worst of its findings (structure-verdict.ts). */
  verdict: "pass" | "review" | "fail";
  /** What the zone's worst finding names, or null when it has none. */
  failure: ZoneFailure | null;
  /** Where the zone lies in the output, as fractions of its frame; null for the uprights, which run anywhere. */
  region: { x: number; y: number; width: number; height: number } | null;
}

export interface StructureCheck {
  verdict: "pass" | "review" | "fail";
  zones: ZoneScore[];
  /** Every measure beyond its limit or near it, worst first. */
  findings: Finding[];
  /** The refusing findings in technical words ("window, door or frame lines lost on the upper left wall (kept 41 % of them, needs 55 %)"), empty unless the verdict is fail. */
  reason: string;
  /** One plain sentence for people, whatever the verdict. */
  summary: string;
  /** Where the zones were placed. */
  geometry: RoomGeometry;
  /** How the output was put back into the photo's frame, or why it could not be (then nothing was measured and the verdict is review). */
  alignment: { reframing: Reframing | null } | { unaligned: string };
}

/** The redesign types whose outputs must keep the room's architecture (color_change repaints walls on purpose). */
export const STRUCTURE_CHECKED_TYPES = ["staging", "redecorate", "render", "declutter"] as const;

/**
 * Checked: those types on interior and commercial rooms. Exterior photos are left out:
 * their top band is sky, not a ceiling, and the zones say nothing about a facade.
 */
export function needsStructureCheck(params: { type: string; environment: string }): boolean {
  return (STRUCTURE_CHECKED_TYPES as readonly string[]).includes(params.type) && params.environment !== "exterior";
}

/**
 * `type`: the redesign type (a declutter adds nothing, so nothing it shows stands in front
 * of the room); `roomType`: the request's; `keptMask`: the areas kept from the photo (a
 * keep mask in the source's frame), which are not judged.
 */
export async function checkStructure(
  sourceBytes: Buffer,
  outputBytes: Buffer,
  options: { roomType?: string | null; type?: string | null; keptMask?: Buffer | null } = {},
): Promise<StructureCheck> {
  const alignment = await alignFrames(sourceBytes, outputBytes, WORK_SIDE, options.keptMask ?? null);
  if (!alignment.aligned) {
    return {
      verdict: "review",
      zones: [],
      findings: [],
      reason: "",
      summary: summaryOf("review", [], alignment.reason),
      geometry: LEVEL_CAMERA,
      alignment: { unaligned: alignment.reason },
    };
  }
  const { source, output, shift, window } = alignment;
  const { width, height } = output;
  const ignored = alignment.kept && morph(alignment.kept, width, height, -(KEPT_RIM + (await seamAtWorkSize(sourceBytes, width, height))));

  const geometry = await roomGeometry(source);
  const builtIns = (BUILT_IN_ROOMS as readonly string[]).includes(options.roomType ?? "");
  const srcGrey = standardised(greyOf(source), ignored);
  const outGrey = standardised(greyOf(output), ignored);
  const lines = lineMaps(srcGrey, outGrey, width, height, ignored);
  const outLab = rgbBufferToLab(output.data);
  const { change, light } = surfaceChange(outLab, gradeResidual(rgbBufferToLab(source.data), outLab, ignored), width, height);
  const changedColour = changedBeyondLight(change, width, height);
  if (ignored) for (let p = 0; p < changedColour.length; p++) if (ignored[p]) changedColour[p] = 0;
  const repainted = repaintedAreas(changedColour, lines, width, height);
  const surface = { changed: changedColour, repainted, light };
  const inFront = addedInFront(changedColour, repainted, width, height);
  const changed = changedAreas(source, output, shift, ignored).mask;
  const margin = Math.max(1, Math.abs(shift.dx), Math.abs(shift.dy));

  const uprights = (await straightSegments(greyOf(source), width, height, Math.round(UPRIGHT_LIMITS.minLength * height))).filter((s) =>
    isUpright(s, height),
  );
  const placed = protectedZones(geometry, { builtIns }).map((zone) => ({ zone, ...zonePixels(zone, width, height) }));
  // A zone's rectangle in the output's whole frame, which the compared window may be a part of.
  const regionOf = (r: { x0: number; y0: number; x1: number; y1: number }) => ({
    x: window.x + (r.x0 / width) * window.width,
    y: window.y + (r.y0 / height) * window.height,
    width: ((r.x1 - r.x0) / width) * window.width,
    height: ((r.y1 - r.y0) / height) * window.height,
  });

  const measured = placed.map(({ zone, pixels: all, x0, y0, x1, y1 }): Omit<ZoneScore, "verdict" | "failure"> => {
    // The border pixels the shift brought in, and the Sobel border, say nothing; nor do the kept areas.
    const inFrame = all.filter((p) => {
      const x = p % width,
        y = (p - x) / width;
      return x >= margin && y >= margin && x < width - margin && y < height - margin;
    });
    const pixels = ignored ? inFrame.filter((p) => !ignored[p]) : inFrame;
    const region = regionOf({ x0, y0, x1, y1 });
    // A zone the surface measures do not judge: too little of it left, or a floor (its own measures).
    const unmeasured = {
      zone: zone.name,
      kind: zone.kind,
      edgeRecall: null,
      localRecall: null,
      changed: null,
      repaint: null,
      lightness: null,
      region,
    };
    if (pixels.length < MIN_ZONE_LEFT * inFrame.length) return unmeasured;
    if (zone.kind === "floor") {
      const mask = new Uint8Array(width * height);
      for (const p of pixels) mask[p] = 1;
      const floor = floorMaterial({
        srcGrey,
        outGrey,
        changed,
        recoloured: changedColour,
        outlines: lines.added,
        zone: mask,
        width,
        height,
        rect: { x0, y0, x1, y1 },
      });
      return {
        ...unmeasured,
        floorVisible: floor.visible,
        floorMaterialChanged: floor.materialChanged,
        floorLinesChanged: floor.linesChanged,
      };
    }
    const score = { ...surfaceZone(zone, pixels, zoneLines(lines, unhiddenShares(lines, inFront, pixels), pixels), surface), region };
    if (zone.kind !== "ceiling") return score;
    const ceilingChanged = ceilingSurfaceChanged({
      sourceLines: lines.source,
      changed: changedColour,
      band: pixels,
      width,
      height,
      margin,
    });
    return { ...score, ceilingChanged, topEdgeChanged: topEdgeChanged({ changed: changedColour, width, height, margin, ignored }) };
  });
  const floor = new Uint8Array(width * height);
  for (const p of placed.find((z) => z.zone.kind === "floor")!.pixels) floor[p] = 1;
  const erased = uprightsErased({ uprights, maps: lines, hidden: options.type === "declutter" ? null : inFront, floor });
  measured.push({
    zone: "door and window uprights",
    kind: "uprights",
    edgeRecall: null,
    localRecall: null,
    changed: null,
    repaint: null,
    lightness: null,
    uprightsErased: erased,
    region: null,
  });

  const judged = measured.map((scores) => ({ scores, findings: zoneFindings(scores) }));
  const zones: ZoneScore[] = judged.map(({ scores, findings }) => ({
    ...scores,
    verdict: verdictOf(findings),
    failure: findings[0]?.failure ?? null,
  }));
  const findings = judged.flatMap((z) => z.findings).sort((a, b) => (a.verdict === b.verdict ? 0 : a.verdict === "fail" ? -1 : 1));
  const verdict = verdictOf(findings);
  const reason = findings
    .filter((f) => f.verdict === "fail")
    .map(technicalReason)
    .join("; ");
  return {
    verdict,
    zones,
    findings,
    reason,
    summary: summaryOf(verdict, findings),
    geometry,
    alignment: { reframing: alignment.reframing },
  };
}

/** The kept areas' seam in working pixels, from the source's full size. */
async function seamAtWorkSize(sourceBytes: Buffer, width: number, height: number): Promise<number> {
  const { autoOrient } = await sharp(sourceBytes).metadata();
  return Math.ceil((KEPT_AREAS.seam * Math.max(width, height)) / Math.max(autoOrient.width, autoOrient.height));
}

/** What the output added in front of the room: the areas changed beyond light that are not repainted surface, grown by 2 px for their rims. */
function addedInFront(changed: Uint8Array, repainted: Uint8Array, width: number, height: number): Uint8Array {
  const added = new Uint8Array(changed.length);
  for (let p = 0; p < added.length; p++) added[p] = changed[p] && !repainted[p] ? 1 : 0;
  return morph(added, width, height, -2);
}

function surfaceZone(
  zone: ProtectedZone,
  pixels: number[],
  { edgeRecall, localRecall, erasedRecall }: ReturnType<typeof zoneLines>,
  surface: Parameters<typeof zoneSurface>[0],
) {
  const { changed, repainted: repaint, lightness } = zoneSurface(surface, pixels);
  return { zone: zone.name, kind: zone.kind, edgeRecall, localRecall, erasedRecall, changed, repaint, lightness };
}
