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
 * Thresholds (STRUCTURE_THRESHOLDS, reasons in docs/structure-check.md): one failing
 * zone refuses the output. Every zone's scores are in the answer, so whoever reads a
 * refusal sees which measure failed and by how much.
 */
import "server-only";
import { bestShift, shifted, standardised } from "./align";
import { ceilingSurfaceChanged, topEdgeChanged } from "./ceiling-surface";
import { changedAreas } from "./change-map";
import { rgbBufferToLab } from "./color";
import { greyOf, morph } from "./edges";
import { FLOOR_THRESHOLDS, floorMaterial } from "./floor-material";
import { decodeRgb, resizeRgb } from "./raw-image";
import { roomGeometry, type RoomGeometry } from "./room-geometry";
import { BUILT_IN_ROOMS, protectedZones, zonePixels, type ProtectedZone, type ZoneKind } from "./room-zones";
import { straightSegments } from "./straight-segments";
import { lineMaps, unhiddenShares, zoneLines } from "./structure-lines";
import { changedBeyondLight, gradeResidual, repaintedAreas, surfaceChange, zoneSurface } from "./surface-colour";
import { isUpright, UPRIGHT_LIMITS, uprightsErased } from "./uprights";

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

const WORK_SIDE = 256;
const MAX_SHIFT = 3;

export type ZoneFailure = "structure_lost" | "structure_lost_locally" | "resurfaced" | "repainted" | "ceiling_refinished" | "floor_covered" | "floor_changed" | "uprights_erased";

export interface ZoneScore {
  zone: string;
  /** A band of the frame (room-zones.ts), or the room's uprights wherever they run (uprights.ts). */
  kind: ZoneKind | "uprights";
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
  /** Why the zone failed, or null. */
  failure: ZoneFailure | null;
}

export interface StructureCheck {
  verdict: "pass" | "fail";
  zones: ZoneScore[];
  /** "window, door or frame lines lost on the upper left wall (kept 41 % of them, needs 55 %)", empty on a pass. */
  reason: string;
  /** Where the zones were placed. */
  geometry: RoomGeometry;
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

/** `type`: the redesign type (a declutter adds nothing, so nothing it shows stands in front of the room); `roomType`: the request's. */
export async function checkStructure(sourceBytes: Buffer, outputBytes: Buffer, options: { roomType?: string | null; type?: string | null } = {}): Promise<StructureCheck> {
  const output = await decodeRgb(outputBytes, WORK_SIDE);
  const { width, height } = output;
  const resized = await resizeRgb(await decodeRgb(sourceBytes, WORK_SIDE * 2), width, height);
  const shift = bestShift(resized, output, MAX_SHIFT);
  const source = shifted(resized, shift.dx, shift.dy);

  const geometry = await roomGeometry(source);
  const builtIns = (BUILT_IN_ROOMS as readonly string[]).includes(options.roomType ?? "");
  const srcGrey = standardised(greyOf(source));
  const outGrey = standardised(greyOf(output));
  const lines = lineMaps(srcGrey, outGrey, width, height);
  const outLab = rgbBufferToLab(output.data);
  const { change, light } = surfaceChange(outLab, gradeResidual(rgbBufferToLab(source.data), outLab), width, height);
  const changedColour = changedBeyondLight(change, width, height);
  const repainted = repaintedAreas(changedColour, lines, width, height);
  const surface = { changed: changedColour, repainted, light };
  const inFront = addedInFront(changedColour, repainted, width, height);
  const changed = changedAreas(source, output, shift).mask;
  const margin = Math.max(1, Math.abs(shift.dx), Math.abs(shift.dy));

  const uprights = (await straightSegments(greyOf(source), width, height, Math.round(UPRIGHT_LIMITS.minLength * height))).filter((s) => isUpright(s, height));
  const placed = protectedZones(geometry, { builtIns }).map((zone) => ({ zone, ...zonePixels(zone, width, height) }));

  const zones = placed.map(({ zone, pixels: all, x0, y0, x1, y1 }): ZoneScore => {
    // The border pixels the shift brought in, and the Sobel border, say nothing.
    const pixels = all.filter((p) => {
      const x = p % width, y = (p - x) / width;
      return x >= margin && y >= margin && x < width - margin && y < height - margin;
    });
    if (zone.kind === "floor") {
      const mask = new Uint8Array(width * height);
      for (const p of pixels) mask[p] = 1;
      const floor = floorMaterial({ srcGrey, outGrey, changed, recoloured: changedColour, outlines: lines.added, zone: mask, width, height, rect: { x0, y0, x1, y1 } });
      const t = STRUCTURE_THRESHOLDS;
      const failure = floor.visible < t.minFloorVisible ? "floor_covered" : (floor.materialChanged ?? 0) > t.maxFloorMaterialChanged || (floor.linesChanged ?? 0) > t.maxFloorLinesChanged ? "floor_changed" : null;
      return { zone: zone.name, kind: zone.kind, edgeRecall: null, localRecall: null, changed: null, repaint: null, lightness: null, floorVisible: floor.visible, floorMaterialChanged: floor.materialChanged, floorLinesChanged: floor.linesChanged, failure };
    }
    const score = surfaceZone(zone, pixels, zoneLines(lines, unhiddenShares(lines, inFront, pixels), pixels), surface);
    if (zone.kind !== "ceiling") return score;
    const ceilingChanged = ceilingSurfaceChanged({ sourceLines: lines.source, changed: changedColour, band: pixels, width, height, margin });
    const topChanged = topEdgeChanged({ changed: changedColour, width, height, margin });
    const refinished = !score.failure && ((ceilingChanged ?? 0) > STRUCTURE_THRESHOLDS.maxCeilingChanged || topChanged > STRUCTURE_THRESHOLDS.maxTopEdgeChanged);
    return { ...score, ceilingChanged, topEdgeChanged: topChanged, failure: refinished ? "ceiling_refinished" : score.failure };
  });
  const floor = new Uint8Array(width * height);
  for (const p of placed.find((z) => z.zone.kind === "floor")!.pixels) floor[p] = 1;
  zones.push(uprightsZone(uprightsErased({ uprights, maps: lines, hidden: options.type === "declutter" ? null : inFront, floor })));
  const failed = zones.filter((z) => z.failure);
  return { verdict: failed.length ? "fail" : "pass", zones, reason: failed.map(describeFailure).join("; "), geometry };
}

function uprightsZone(erased: number | null): ZoneScore {
  const failure = erased !== null && erased > STRUCTURE_THRESHOLDS.maxUprightsErased ? "uprights_erased" : null;
  return { zone: "door and window uprights", kind: "uprights", edgeRecall: null, localRecall: null, changed: null, repaint: null, lightness: null, uprightsErased: erased, failure };
}

/** What the output added in front of the room: the areas changed beyond light that are not repainted surface, grown by 2 px for their rims. */
function addedInFront(changed: Uint8Array, repainted: Uint8Array, width: number, height: number): Uint8Array {
  const added = new Uint8Array(changed.length);
  for (let p = 0; p < added.length; p++) added[p] = changed[p] && !repainted[p] ? 1 : 0;
  return morph(added, width, height, -2);
}

function surfaceZone(zone: ProtectedZone, pixels: number[], { edgeRecall, localRecall, erasedRecall }: ReturnType<typeof zoneLines>, surface: Parameters<typeof zoneSurface>[0]): ZoneScore {
  const { changed, repainted: repaint, lightness } = zoneSurface(surface, pixels);
  const t = STRUCTURE_THRESHOLDS;
  const [minRecall, minLocal] = recallLimits(zone.kind);
  const failure: ZoneFailure | null =
    edgeRecall !== null && edgeRecall < minRecall
      ? "structure_lost"
      : (localRecall !== null && localRecall < minLocal) || (erasedRecall !== null && erasedRecall < t.minErasedRecall)
        ? "structure_lost_locally"
        : repaint > t.maxRepaint || Math.abs(lightness) > t.maxLightness
          ? "repainted"
          : changed > t.maxChanged
            ? "resurfaced"
            : null;
  return { zone: zone.name, kind: zone.kind, edgeRecall, localRecall, erasedRecall, changed, repaint, lightness, failure };
}

const percent = (v: number) => `${Math.round(v * 100)} %`;

/** The least shares of lines kept, over the zone and in its worst window, for a zone of this kind. */
export function recallLimits(kind: ZoneScore["kind"]): [number, number] {
  const t = STRUCTURE_THRESHOLDS;
  return kind === "built-ins" ? [t.minBuiltInsEdgeRecall, t.minBuiltInsLocalRecall] : [t.minEdgeRecall, t.minLocalRecall];
}

function describeFailure(z: ZoneScore): string {
  const t = STRUCTURE_THRESHOLDS;
  const things = z.kind === "built-ins" ? "cabinet, counter or appliance lines" : "window, door or frame lines";
  const [minRecall, minLocal] = recallLimits(z.kind);
  switch (z.failure) {
    case "structure_lost":
      return `${things} lost on the ${z.zone} (kept ${percent(z.edgeRecall!)} of them, needs ${percent(minRecall)})`;
    case "structure_lost_locally":
      return z.localRecall !== null && z.localRecall < minLocal
        ? `${things} lost in part of the ${z.zone} (kept ${percent(z.localRecall)} there, needs ${percent(minLocal)})`
        : `${things} erased in part of the ${z.zone}, nothing in front of them (kept ${percent(z.erasedRecall!)} there, needs ${percent(t.minErasedRecall)})`;
    case "resurfaced":
      return `${z.zone} changed beyond light (${percent(z.changed!)} of it, limit ${percent(t.maxChanged)})`;
    case "repainted":
      return z.repaint! > t.maxRepaint
        ? `${z.zone} repainted (${percent(z.repaint!)} of it, limit ${percent(t.maxRepaint)})`
        : `${z.zone} repainted lighter or darker (lightness ${z.lightness!.toFixed(1)}, limit ±${t.maxLightness})`;
    case "ceiling_refinished":
      return (z.ceilingChanged ?? 0) > t.maxCeilingChanged
        ? `ceiling refinished (${percent(z.ceilingChanged!)} of its own surface changed beyond light, limit ${percent(t.maxCeilingChanged)})`
        : `ceiling refinished (the top of the photo changed beyond light across ${percent(z.topEdgeChanged!)} of its width, limit ${percent(t.maxTopEdgeChanged)})`;
    case "uprights_erased":
      return `door, window or wall-corner uprights erased (${percent(z.uprightsErased!)} of their length, limit ${percent(t.maxUprightsErased)})`;
    case "floor_covered":
      return `floor replaced or covered (${percent(z.floorVisible!)} of it left as it was, needs ${percent(t.minFloorVisible)})`;
    case "floor_changed":
      return (z.floorMaterialChanged ?? 0) > t.maxFloorMaterialChanged
        ? `floor material changed (${percent(z.floorMaterialChanged!)} of the visible floor, limit ${percent(t.maxFloorMaterialChanged)})`
        : `floor re-laid (joints moved on ${percent(z.floorLinesChanged!)} of the visible floor, limit ${percent(t.maxFloorLinesChanged)})`;
    default:
      return "";
  }
}
