/**
 * The zones of a room photo, shared by the structure check (which parts must keep the
 * room) and the change-map summary (which parts of the room changed). Without a
 * segmentation model the layout is a set of bands: a ceiling band on top, the floor band
 * below, walls left / back / right between. For a level camera at the usual chest height
 * of a real-estate interior, the ceiling line lies in the top fifth and the floor line a
 * little below the middle; the bands are drawn wide enough for the usual lens choices.
 * The bands move with the photo's horizon and the walls with its vanishing point
 * (room-geometry.ts), so a photo taken from above or below, or off-centre, is judged on
 * its own ceiling, walls and floor; without usable lines the level-camera layout holds.
 *
 * Checked by the structure check: the ceiling and the upper walls (cornices, window
 * heads and frames, door heads), the floor's material, and in kitchens and bathrooms the
 * band where cabinets, counters and appliances stand. Elsewhere sofas, beds and tables
 * stand against the lower walls, so that band is named in summaries but not checked.
 */

import "server-only";
import { LEVEL_CAMERA, type RoomGeometry } from "./room-geometry";

/** The level-camera layout, as fractions of the frame. */
export const ROOM_BANDS = {
  /** Bottom of the ceiling band. */
  ceilingEnd: 0.18,
  /** Bottom of the upper walls (the protected part of the walls). */
  upperWallEnd: 0.45,
  /** Top of the floor band. */
  floorStart: 0.62,
  /** Bottom of the built-ins band: base cabinets reach from the counter, below eye level, to the floor. */
  builtInsEnd: 0.9,
  /** Left and right walls are the outer quarters. */
  sideWall: 0.25,
} as const;

/** How far the bands follow the horizon and vanishing point: beyond this the lines found are more likely wrong than the photo that extreme. */
const MAX_SHIFT = { vertical: 0.2, horizontal: 0.2 } as const;

export type RoomRegion = "ceiling" | "left wall" | "back wall" | "right wall" | "floor";

/** The named region of a point given as fractions of the width and height (0..1), in the level-camera layout. */
export function roomRegionAt(x: number, y: number): RoomRegion {
  const bands = shiftedBands(LEVEL_CAMERA);
  if (y < bands.ceilingEnd) return "ceiling";
  if (y >= bands.floorStart) return "floor";
  if (x < bands.leftEnd) return "left wall";
  if (x >= bands.rightStart) return "right wall";
  return "back wall";
}

export type ZoneKind = "ceiling" | "wall" | "floor" | "built-ins";

export interface ProtectedZone {
  name: string;
  kind: ZoneKind;
  /** A convex polygon, corners as fractions of the frame, clockwise. */
  polygon: readonly (readonly [number, number])[];
}

/** Room types whose cabinets, counters and appliances are part of the property. */
export const BUILT_IN_ROOMS = ["kitchen", "bathroom"] as const;

const rectangle = (x0: number, y0: number, x1: number, y1: number) =>
  [
    [x0, y0],
    [x1, y0],
    [x1, y1],
    [x0, y1],
  ] as const;

/**
 * The zones the structure check judges in a photo of this geometry. The floor is the
 * part of the floor band inside the wedge from the vanishing point to the frame's bottom
 * corners: in a photo looking into a room the side walls come down to the floor along
 * lines from the vanishing point, so what lies outside the wedge is mostly their lower
 * part, not floor.
 */
export function protectedZones(geometry: RoomGeometry, options: { builtIns: boolean }): ProtectedZone[] {
  const b = shiftedBands(geometry);
  const sides = ["left", "back", "right"] as const;
  const columns = [
    [0, b.leftEnd],
    [b.leftEnd, b.rightStart],
    [b.rightStart, 1],
  ] as const;
  const zones: ProtectedZone[] = [];
  // A ceiling band thinner than this (a photo tilted well up) has too few pixels to judge.
  if (b.ceilingEnd > 0.04) zones.push({ name: "ceiling", kind: "ceiling", polygon: rectangle(0, 0, 1, b.ceilingEnd) });
  columns.forEach(([x0, x1], i) =>
    zones.push({ name: `upper ${sides[i]} wall`, kind: "wall", polygon: rectangle(x0, b.ceilingEnd, x1, b.upperWallEnd) }),
  );
  if (options.builtIns) {
    columns.forEach(([x0, x1], i) =>
      zones.push({ name: `${sides[i]} built-ins`, kind: "built-ins", polygon: rectangle(x0, b.upperWallEnd, x1, b.builtInsEnd) }),
    );
  }
  const opening = (b.floorStart - b.horizon) / (1 - b.horizon);
  zones.push({
    name: "floor",
    kind: "floor",
    polygon: [
      [b.vanishingX * (1 - opening), b.floorStart],
      [b.vanishingX + (1 - b.vanishingX) * opening, b.floorStart],
      [1, 1],
      [0, 1],
    ],
  });
  return zones;
}

/** The pixels of a zone in an image of this size (row-major indices, centres inside the polygon) and their bounding rectangle. */
export function zonePixels(
  zone: ProtectedZone,
  width: number,
  height: number,
): { pixels: number[]; x0: number; y0: number; x1: number; y1: number } {
  const corners = zone.polygon.map(([x, y]) => [x * width, y * height] as const);
  const ys = corners.map((c) => c[1]),
    xs = corners.map((c) => c[0]);
  const [x0, y0] = [Math.max(0, Math.floor(Math.min(...xs))), Math.max(0, Math.floor(Math.min(...ys)))];
  const [x1, y1] = [Math.min(width, Math.ceil(Math.max(...xs))), Math.min(height, Math.ceil(Math.max(...ys)))];
  const pixels: number[] = [];
  for (let y = y0; y < y1; y++) {
    for (let x = x0; x < x1; x++) if (inside(corners, x + 0.5, y + 0.5)) pixels.push(y * width + x);
  }
  return { pixels, x0, y0, x1, y1 };
}

/** Inside a clockwise convex polygon (in image coordinates, y down): on the inner side of every edge. */
function inside(corners: readonly (readonly [number, number])[], x: number, y: number): boolean {
  for (let i = 0; i < corners.length; i++) {
    const [ax, ay] = corners[i],
      [bx, by] = corners[(i + 1) % corners.length];
    if ((bx - ax) * (y - ay) - (by - ay) * (x - ax) < 0) return false;
  }
  return true;
}

function shiftedBands(geometry: RoomGeometry) {
  const clamp = (v: number, limit: number) => Math.max(-limit, Math.min(limit, v));
  const dy = clamp(geometry.horizon - 0.5, MAX_SHIFT.vertical);
  const dx = clamp(geometry.vanishingX - 0.5, MAX_SHIFT.horizontal);
  const y = (v: number) => Math.max(0, Math.min(1, v + dy));
  return {
    ceilingEnd: y(ROOM_BANDS.ceilingEnd),
    upperWallEnd: y(ROOM_BANDS.upperWallEnd),
    floorStart: y(ROOM_BANDS.floorStart),
    builtInsEnd: y(ROOM_BANDS.builtInsEnd),
    leftEnd: ROOM_BANDS.sideWall + dx,
    rightStart: 1 - ROOM_BANDS.sideWall + dx,
    horizon: 0.5 + dy,
    vanishingX: 0.5 + dx,
  };
}
