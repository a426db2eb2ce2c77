/**
 * Windows, doors and tall built-ins an agent may want to keep (D17), suggested from the
 * photo's own straight lines, for the studio to draw over the photo as outlines to accept
 * or edit. No model: an opening is a pair of uprights (its jambs) joined by a head and a
 * sill (or standing on the floor), in a wall.
 *
 * At 512 px: uprights are near-vertical Hough segments (straight-segments.ts, with Canny
 * thresholds low enough for a white frame on a white wall) and plumb lines (vertical
 * edges down one column, which blinds and glazing bars cut into pieces too short for the
 * Hough transform), joined when they lie on one line. For each pair a plausible distance
 * apart, the head and the sill are the topmost and lowest lines the photo draws between
 * them (a segment across most of the gap, or the line between the jambs' ends, with an
 * edge along 60 % of it) that meet both jambs; without a sill, jambs that reach the
 * floor's part of the frame close a door. An outline is kept when its jambs fit it (not
 * a wall's corner running on to the ceiling), its head and sill recede alike, it takes
 * at most 30 % of the frame, its head lies above the middle of the frame, and the wall
 * goes on above it as beside it (a whole wall between two corners has the ceiling above
 * it). What it is: a door reaches the floor and is tall and narrow; a window is lighter
 * than the wall beside it (daylight) or busier (the view, blinds); a tall outline with
 * fronts or shelves is a built-in; anything else is dropped. Overlapping outlines keep
 * the best drawn, then the larger (a window's frame before its panes). Figures on the
 * real development set, and what it misses: docs/structure-check.md.
 */
import "server-only";
import type { FramePoint } from "@/shared/kept-areas";
import { greyOf, sobelGradient, sobelMagnitude } from "./edges";
import { decodeRgb } from "./raw-image";
import { straightSegments, type Segment } from "./straight-segments";

export interface SuggestedArea {
  kind: "window" | "door" | "built_in";
  /** Top left, top right, bottom right, bottom left, as fractions of the upright frame. */
  polygon: FramePoint[];
  /** How much of its outline the photo draws, 0..1. */
  score: number;
}

const WORK_SIDE = 512;

export const SUGGESTION_LIMITS = {
  /** Most an upright may lean from vertical, radians. */
  maxLean: (8 * Math.PI) / 180,
  /** Canny's thresholds: lower than the structure check's, for white frames on white walls. */
  canny: [20, 60] as [number, number],
  /** Least length of a segment the Hough transform reports, as a share of the long side: the jambs of a window come in pieces. */
  minSegment: 0.03,
  /** Least length of an upright, as a share of the height. */
  minUpright: 0.1,
  /** Most a head or a sill may slope from horizontal (a receding wall's window), radians. */
  maxSlope: (40 * Math.PI) / 180,
  /** A jamb runs along this share of its side at least, and past it by this share at most. */
  minJamb: 0.7,
  maxPast: 0.5,
  /** Most the head and the sill may spread apart, radians: on one wall they recede to one point, and an opening spans little of the height around the horizon (a whole wall's ceiling and floor lines spread far more). */
  maxSpread: (25 * Math.PI) / 180,
  /** A head or sill runs across this share of the gap between the uprights at least… */
  minCrossing: 0.5,
  /** …and meets each upright within its length or this share of the height beyond. */
  meetSlack: 0.04,
  /** Two segments are one upright when they lie within this share of the width across and this share of the height apart. */
  joinAcross: 0.012,
  joinGap: 0.04,
  /** Least and most width of an opening, as shares of the width. */
  minWidth: 0.025,
  maxWidth: 0.5,
  /** The two uprights must share this much of the shorter one's length. */
  minOverlap: 0.7,
  /** Share of the head and the sill the photo must draw (an edge within 2 px). */
  minEdgeSupport: 0.6,
  /** Most of the frame an opening may take: a whole wall is not one. */
  maxArea: 0.3,
  /** The strips compared above and beside an outline, as a share of the height, and how close in grey they must be. */
  wallBand: 0.04,
  wallMatch: 18,
  /** A suggestion overlapping a better one by this share of the smaller of the two is dropped. */
  maxOverlap: 0.35,
  /** A window is at least this much lighter (grey levels) than the wall beside it, or has this many times its share of edges. */
  daylight: 12,
  busier: 2,
  /** A door's bottom reaches below this share of the height, and it is this many times taller than wide. */
  doorBottom: 0.62,
  doorAspect: 1.6,
  /** A built-in is at least this share of the height tall, with edges on this share of it at least. */
  builtInHeight: 0.35,
  builtInBusy: 0.06,
  /** The head of a window or a door lies above this share of the height. */
  maxHeadY: 0.55,
} as const;

interface Upright {
  /** x at the top and at the bottom end, y of the ends. */
  xt: number;
  xb: number;
  yt: number;
  yb: number;
}

/** The suggestions for a photo, best first. */
export async function suggestKeptAreas(bytes: Buffer): Promise<SuggestedArea[]> {
  const image = await decodeRgb(bytes, WORK_SIDE);
  const { width, height } = image;
  const l = SUGGESTION_LIMITS;
  const grey = greyOf(image);
  const segments = await straightSegments(grey, width, height, Math.round(l.minSegment * Math.max(width, height)), l.canny);
  const uprights = joinUprights(
    [...segments.filter((s) => lean(s) <= l.maxLean), ...plumbLines(grey, width, height)],
    width,
    height,
  ).filter((u) => u.yb - u.yt >= l.minUpright * height);
  const crossers = segments.filter((s) => lean(s) >= Math.PI / 2 - l.maxSlope);
  const edges = edgeMap(grey, width, height);
  const candidates: (SuggestedArea & { area: number })[] = [];
  for (const left of uprights) {
    for (const right of uprights) {
      const span = (right.xt + right.xb) / 2 - (left.xt + left.xb) / 2;
      if (span < l.minWidth * width || span > l.maxWidth * width) continue;
      const overlap = Math.min(left.yb, right.yb) - Math.max(left.yt, right.yt);
      if (overlap < l.minOverlap * Math.min(left.yb - left.yt, right.yb - right.yt)) continue;
      const quad = quadBetween(left, right, crossers, edges, width, height);
      if (!quad) continue;
      const area = quadArea(quad.corners) / (width * height);
      if (area > l.maxArea || !inWall(grey, quad.corners, width, height)) continue;
      const kind = kindOf(grey, edges, quad.corners, width, height);
      if (!kind) continue;
      candidates.push({
        kind,
        polygon: quad.corners.map(([x, y]) => [round(x / width), round(y / height)]),
        score: round(quad.score),
        area,
      });
    }
  }
  return chooseAmong(candidates).map(({ area: _area, ...area }) => area);
}

type Point = [number, number];

const xAt = (u: Upright, y: number) => (u.yb === u.yt ? u.xt : u.xt + ((u.xb - u.xt) * (y - u.yt)) / (u.yb - u.yt));

/** Where a crosser's line meets an upright's (the upright taken as vertical there: it leans 8° at most). */
function meeting(c: Segment, u: Upright): Point {
  const xm = (u.xt + u.xb) / 2;
  const slope = (c.y1 - c.y0) / (c.x1 - c.x0 || 1e-9);
  const y = c.y0 + slope * (xm - c.x0);
  return [xAt(u, y), y];
}

/**
 * The head and sill joining two uprights: lines that the photo draws across the gap,
 * meeting both uprights within their length. They are the crossers (near-horizontal or
 * receding segments) that run across most of the gap, and the lines between the
 * uprights' own ends (a sill the segment finder missed still has its edge there). The
 * topmost drawn line is the head, the lowest the sill; a door has no sill, so without one
 * the uprights' bottom ends close the outline when they reach the floor's part of the
 * frame. The score is how much of the outline's top and bottom the photo draws.
 */
function quadBetween(
  left: Upright,
  right: Upright,
  crossers: Segment[],
  edges: Uint8Array,
  width: number,
  height: number,
): { corners: Point[]; score: number } | null {
  const l = SUGGESTION_LIMITS;
  const [xl, xr] = [(left.xt + left.xb) / 2, (right.xt + right.xb) / 2];
  const slack = l.meetSlack * height;
  const ends = [
    { a: [left.xt, left.yt] as Point, b: [right.xt, right.yt] as Point },
    { a: [left.xb, left.yb] as Point, b: [right.xb, right.yb] as Point },
  ];
  const drawn = crossers
    .filter((c) => Math.min(Math.max(c.x0, c.x1), xr) - Math.max(Math.min(c.x0, c.x1), xl) >= l.minCrossing * (xr - xl))
    .map((c) => ({ a: meeting(c, left), b: meeting(c, right) }))
    .concat(ends)
    .filter(({ a, b }) => a[1] >= left.yt - slack && a[1] <= left.yb + slack && b[1] >= right.yt - slack && b[1] <= right.yb + slack)
    .filter(({ a, b }) => Math.abs(Math.atan2(b[1] - a[1], b[0] - a[0])) <= l.maxSlope)
    .map((line) => ({ ...line, support: support(edges, line.a, line.b, width, height) }))
    .filter((line) => line.support >= l.minEdgeSupport)
    .sort((p, q) => p.a[1] + p.b[1] - (q.a[1] + q.b[1]));
  if (drawn.length === 0) return null;
  const head = drawn[0];
  const sill = drawn[drawn.length - 1];
  const angle = (line: { a: Point; b: Point }) => Math.atan2(line.b[1] - line.a[1], line.b[0] - line.a[0]);
  const tall = Math.min(sill.a[1] - head.a[1], sill.b[1] - head.b[1]) >= l.minUpright * height;
  if (
    tall &&
    Math.abs(angle(head) - angle(sill)) <= l.maxSpread &&
    jambsFit(left, head.a[1], sill.a[1]) &&
    jambsFit(right, head.b[1], sill.b[1])
  ) {
    return { corners: [head.a, head.b, sill.b, sill.a], score: (head.support + sill.support) / 2 };
  }
  // No sill: a door or a doorway standing on the floor.
  if (Math.min(left.yb, right.yb) < l.doorBottom * height || Math.abs(left.yb - right.yb) > l.meetSlack * 2 * height) return null;
  if (Math.min(left.yb - head.a[1], right.yb - head.b[1]) < l.minUpright * height) return null;
  if (!jambsFit(left, head.a[1], left.yb) || !jambsFit(right, head.b[1], right.yb)) return null;
  return { corners: [head.a, head.b, [right.xb, right.yb], [left.xb, left.yb]], score: head.support / 2 + 0.25 };
}

const round = (v: number) => Math.round(Math.min(1, Math.max(0, v)) * 1000) / 1000;

function lean(s: Segment): number {
  return Math.atan2(Math.abs(s.x1 - s.x0), Math.abs(s.y1 - s.y0));
}

/**
 * Plumb lines: runs of vertical edges down one column (within a pixel either side, gaps
 * of up to 1.5 % of the height bridged). Window frames crossed by blinds or glazing bars
 * break into pieces too short for the Hough transform (the crossing edges cut them at
 * every slat), while down the column the frame's edge is there nearly all the way. Only
 * truly vertical lines: real-estate photos are mostly shot with verticals kept upright,
 * and the Hough segments cover the rest. Each run is kept at the column where it is
 * longest within 3 px.
 */
function plumbLines(grey: Float32Array, width: number, height: number): Segment[] {
  const { magnitude, direction } = sobelGradient(grey, width, height);
  const sorted = Float32Array.from(magnitude).sort();
  const threshold = Math.max(30, sorted[Math.floor(sorted.length * 0.8)]);
  const vertical = new Uint8Array(magnitude.length);
  for (let p = 0; p < vertical.length; p++)
    vertical[p] = magnitude[p] > threshold && Math.min(direction[p], Math.PI - direction[p]) < PLUMB_TURN ? 1 : 0;
  const gap = Math.max(2, Math.round(PLUMB_GAP * height));
  const minimum = SUGGESTION_LIMITS.minUpright * height;
  const runs: Segment[] = [];
  for (let x = 1; x < width - 1; x++) {
    let start = -1,
      last = -1;
    for (let y = 0; y <= height; y++) {
      const on = y < height && (vertical[y * width + x] || vertical[y * width + x - 1] || vertical[y * width + x + 1]);
      if (on) {
        if (start < 0 || y - last > gap) {
          if (start >= 0 && last - start >= minimum) runs.push({ x0: x, y0: start, x1: x, y1: last, length: last - start });
          start = y;
        }
        last = y;
      } else if (y === height && start >= 0 && last - start >= minimum)
        runs.push({ x0: x, y0: start, x1: x, y1: last, length: last - start });
    }
  }
  // One line per edge: the longest run among those within 3 px that overlap it.
  return runs.filter(
    (run) =>
      !runs.some(
        (other) =>
          other !== run &&
          Math.abs(other.x0 - run.x0) <= 3 &&
          other.y0 < run.y1 &&
          run.y0 < other.y1 &&
          (other.length > run.length || (other.length === run.length && other.x0 < run.x0)),
      ),
  );
}

const PLUMB_TURN = (25 * Math.PI) / 180;
const PLUMB_GAP = 0.015;

/**
 * Whether an upright is the jamb of an opening from `top` to `bottom`: it runs along most
 * of that side and not far past it. A wall's corner runs from the ceiling to the floor, a
 * pendant's cord from the ceiling: paired with a jamb, they outline things that are not
 * there.
 */
function jambsFit(upright: Upright, top: number, bottom: number): boolean {
  const side = bottom - top;
  const along = Math.min(upright.yb, bottom) - Math.max(upright.yt, top);
  const past = Math.max(0, top - upright.yt) + Math.max(0, upright.yb - bottom);
  return along >= SUGGESTION_LIMITS.minJamb * side && past <= SUGGESTION_LIMITS.maxPast * side;
}

/** Near-vertical segments on one line (within `joinAcross` of each other, gaps under `joinGap`) joined into uprights. */
function joinUprights(segments: Segment[], width: number, height: number): Upright[] {
  const lines = segments
    .map((s) => (s.y0 <= s.y1 ? { xt: s.x0, yt: s.y0, xb: s.x1, yb: s.y1 } : { xt: s.x1, yt: s.y1, xb: s.x0, yb: s.y0 }))
    .sort((a, b) => a.yt - b.yt);
  const joined: Upright[] = [];
  for (const line of lines) {
    const same = joined.find(
      (u) =>
        Math.abs(xAt(u, line.yt) - line.xt) <= SUGGESTION_LIMITS.joinAcross * width && line.yt - u.yb <= SUGGESTION_LIMITS.joinGap * height,
    );
    if (!same) {
      joined.push({ ...line });
      continue;
    }
    if (line.yb > same.yb) {
      same.xb = line.xb;
      same.yb = line.yb;
    }
  }
  return joined;
}

/** 1 where the grey has one of its strongest edges (the top 15 % of Sobel magnitudes). */
function edgeMap(grey: Float32Array, width: number, height: number): Uint8Array {
  const magnitude = sobelMagnitude(grey, width, height);
  const sorted = Float32Array.from(magnitude).sort();
  const threshold = Math.max(40, sorted[Math.floor(sorted.length * 0.85)]);
  const map = new Uint8Array(magnitude.length);
  for (let p = 0; p < map.length; p++) map[p] = magnitude[p] > threshold ? 1 : 0;
  return map;
}

/** The share of points along a to b with an edge within 2 px. */
function support(edges: Uint8Array, a: [number, number], b: [number, number], width: number, height: number): number {
  const steps = Math.max(4, Math.round(Math.hypot(b[0] - a[0], b[1] - a[1])));
  let found = 0;
  for (let k = 0; k <= steps; k++) {
    const x = Math.round(a[0] + ((b[0] - a[0]) * k) / steps),
      y = Math.round(a[1] + ((b[1] - a[1]) * k) / steps);
    let near = false;
    for (let dy = -2; dy <= 2 && !near; dy++) {
      for (let dx = -2; dx <= 2 && !near; dx++) {
        const qx = x + dx,
          qy = y + dy;
        near = qx >= 0 && qy >= 0 && qx < width && qy < height && edges[qy * width + qx] === 1;
      }
    }
    if (near) found++;
  }
  return found / (steps + 1);
}

/**
 * A door reaches the floor and is tall and narrow; a window shows the outside or its
 * blinds, so it is lighter than the wall beside it or busier (more edges); anything else
 * tall is a built-in; the rest is not suggested.
 */
function kindOf(
  grey: Float32Array,
  edges: Uint8Array,
  corners: [number, number][],
  width: number,
  height: number,
): SuggestedArea["kind"] | null {
  const l = SUGGESTION_LIMITS;
  const [x0, x1] = [Math.min(corners[0][0], corners[3][0]), Math.max(corners[1][0], corners[2][0])];
  const [y0, y1] = [Math.min(corners[0][1], corners[1][1]), Math.max(corners[2][1], corners[3][1])];
  const w = x1 - x0,
    h = y1 - y0;
  // Heads of windows and doors are above the camera's eye level, about the middle of a room photo.
  if (y0 > l.maxHeadY * height) return null;
  if (y1 >= l.doorBottom * height && h >= l.doorAspect * w) return "door";
  const inner = [x0 + w * 0.15, y0 + h * 0.15, x1 - w * 0.15, y1 - h * 0.15] as const;
  const margin = Math.max(3, w * 0.3);
  const sides = [
    [x0 - margin, y0, x0 - 2, y1],
    [x1 + 2, y0, x1 + margin, y1],
  ] as const;
  const inside = meanOf(grey, width, height, ...inner);
  const busy = meanOf(edges, width, height, ...inner);
  const beside = sides
    .map((box) => ({ light: meanOf(grey, width, height, ...box), busy: meanOf(edges, width, height, ...box) }))
    .filter((side) => side.light !== null);
  if (
    inside !== null &&
    busy !== null &&
    beside.some((side) => inside - side.light! >= l.daylight || busy >= l.busier * Math.max(side.busy!, 0.02))
  )
    return "window";
  // A built-in has fronts, shelves or panels; a bare wall between two corners has none.
  if (h >= l.builtInHeight * height && busy !== null && busy >= l.builtInBusy) return "built_in";
  return null;
}

/**
 * Whether the outline sits in a wall: the wall goes on above its head, as it does beside
 * it (a strip above the head as light as a strip beside, within `wallMatch` grey levels;
 * an outline whose head is at the top of the frame has no wall shown above it).
 * A whole wall seen from corner to corner is outlined by the ceiling and the floor as a
 * window by its head and sill; above it is the ceiling, not more wall.
 */
function inWall(grey: Float32Array, corners: [number, number][], width: number, height: number): boolean {
  const l = SUGGESTION_LIMITS;
  const [x0, x1] = [Math.min(corners[0][0], corners[3][0]), Math.max(corners[1][0], corners[2][0])];
  const top = Math.min(corners[0][1], corners[1][1]);
  const [y0, y1] = [top, Math.max(corners[2][1], corners[3][1])];
  const band = Math.max(4, l.wallBand * height);
  const w = x1 - x0;
  const above = meanOf(grey, width, height, x0 + w * 0.1, top - band - 2, x1 - w * 0.1, top - 2);
  if (above === null || top - band - 2 < 0) return false;
  const beside = [
    meanOf(grey, width, height, x0 - band - 2, y0, x0 - 2, y1),
    meanOf(grey, width, height, x1 + 2, y0, x1 + band + 2, y1),
  ].filter((v): v is number => v !== null);
  return beside.length === 0 || beside.some((side) => Math.abs(side - above) <= l.wallMatch);
}

/** The mean of `values` over the box (x0, y0)–(x1, y1), clipped to the frame; null when nothing of it is in the frame. */
function meanOf(
  values: Float32Array | Uint8Array,
  width: number,
  height: number,
  x0: number,
  y0: number,
  x1: number,
  y1: number,
): number | null {
  const [a, b, c, d] = [
    Math.max(0, Math.round(x0)),
    Math.max(0, Math.round(y0)),
    Math.min(width, Math.round(x1)),
    Math.min(height, Math.round(y1)),
  ];
  if (c <= a || d <= b) return null;
  let sum = 0;
  for (let y = b; y < d; y++) for (let x = a; x < c; x++) sum += values[y * width + x];
  return sum / ((c - a) * (d - b));
}

function quadArea(corners: [number, number][]): number {
  let twice = 0;
  for (let i = 0; i < corners.length; i++) {
    const [a, b] = [corners[i], corners[(i + 1) % corners.length]];
    twice += a[0] * b[1] - b[0] * a[1];
  }
  return Math.abs(twice) / 2;
}

/**
 * The best candidates, none overlapping another by more than `maxOverlap` of the smaller
 * one: the best drawn outline first, then the larger (a window's frame before its panes).
 */
function chooseAmong<T extends SuggestedArea & { area: number }>(candidates: T[]): T[] {
  const ranked = [...candidates].sort((a, b) => Math.round(b.score * 10) - Math.round(a.score * 10) || b.area - a.area);
  const chosen: T[] = [];
  for (const candidate of ranked) {
    if (chosen.every((other) => overlapShare(candidate, other) <= SUGGESTION_LIMITS.maxOverlap)) chosen.push(candidate);
  }
  return chosen;
}

/** The shared part of two outlines' bounding boxes, as a share of the smaller box. */
function overlapShare(a: SuggestedArea, b: SuggestedArea): number {
  const box = (s: SuggestedArea) => ({
    x0: Math.min(...s.polygon.map((p) => p[0])),
    x1: Math.max(...s.polygon.map((p) => p[0])),
    y0: Math.min(...s.polygon.map((p) => p[1])),
    y1: Math.max(...s.polygon.map((p) => p[1])),
  });
  const [p, q] = [box(a), box(b)];
  const w = Math.max(0, Math.min(p.x1, q.x1) - Math.max(p.x0, q.x0)),
    h = Math.max(0, Math.min(p.y1, q.y1) - Math.max(p.y0, q.y0));
  return (w * h) / Math.max(1e-9, Math.min((p.x1 - p.x0) * (p.y1 - p.y0), (q.x1 - q.x0) * (q.y1 - q.y0)));
}
