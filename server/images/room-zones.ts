/**
 * The zones of an eye-level room photo, shared by the structure check (which zones must
 * keep their architecture) and the change-map summary (which parts of the room changed).
 * Without a segmentation model the layout is fixed, as fractions of the frame: a ceiling
 * band on top, the floor band below, walls left / back / right between. A real-estate
 * interior is shot level from about chest height, which puts the ceiling line in the top
 * fifth and the floor line a little below the middle; the bands are drawn wide enough for
 * both usual lens choices (the project's samples and the synthetic rooms of the tests).
 *
 * Protected zones are where staging has no business: the ceiling and the upper walls
 * (cornices, window heads and frames, door heads). Furniture, rugs and lamps stand on the
 * floor and against the lower walls, so those zones are named in summaries but not
 * checked.
 */

import "server-only";

export const ROOM_BANDS = {
  /** Bottom of the ceiling band. */
  ceilingEnd: 0.18,
  /** Bottom of the upper walls (the protected part of the walls). */
  upperWallEnd: 0.45,
  /** Top of the floor band. */
  floorStart: 0.62,
  /** Left and right walls are the outer quarters. */
  sideWall: 0.25,
} as const;

export type RoomRegion = "ceiling" | "left wall" | "back wall" | "right wall" | "floor";

/** The named region of a point given as fractions of the width and height (0..1). */
export function roomRegionAt(x: number, y: number): RoomRegion {
  if (y < ROOM_BANDS.ceilingEnd) return "ceiling";
  if (y >= ROOM_BANDS.floorStart) return "floor";
  if (x < ROOM_BANDS.sideWall) return "left wall";
  if (x >= 1 - ROOM_BANDS.sideWall) return "right wall";
  return "back wall";
}

export interface ProtectedZone {
  name: "ceiling" | "upper left wall" | "upper back wall" | "upper right wall";
  /** Fractions of the frame: [x0, y0, x1, y1). */
  box: readonly [number, number, number, number];
}

export const PROTECTED_ZONES: readonly ProtectedZone[] = [
  { name: "ceiling", box: [0, 0, 1, ROOM_BANDS.ceilingEnd] },
  { name: "upper left wall", box: [0, ROOM_BANDS.ceilingEnd, ROOM_BANDS.sideWall, ROOM_BANDS.upperWallEnd] },
  { name: "upper back wall", box: [ROOM_BANDS.sideWall, ROOM_BANDS.ceilingEnd, 1 - ROOM_BANDS.sideWall, ROOM_BANDS.upperWallEnd] },
  { name: "upper right wall", box: [1 - ROOM_BANDS.sideWall, ROOM_BANDS.ceilingEnd, 1, ROOM_BANDS.upperWallEnd] },
];

/** The pixel rectangle [x0, y0, x1) × [y0, y1) of a zone in an image of this size. */
export function zonePixels(zone: ProtectedZone, width: number, height: number): { x0: number; y0: number; x1: number; y1: number } {
  const [x0, y0, x1, y1] = zone.box;
  return { x0: Math.round(x0 * width), y0: Math.round(y0 * height), x1: Math.round(x1 * width), y1: Math.round(y1 * height) };
}
