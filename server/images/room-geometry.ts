/**
 * Where the camera looked: the horizon and the main vanishing point of a room photo, from
 * the photo's own straight lines, so the zones of the structure check (room-zones.ts)
 * sit on the ceiling, walls and floor of this photo rather than on fixed fractions.
 *
 * In a room, the lines that recede from the camera (the edges where walls meet the
 * ceiling and the floor, window reveals, skirting, floorboards) meet at a vanishing
 * point on the horizon, the camera's eye level. A level camera puts the horizon in the
 * middle of the frame; tilted down (a photo taken from above) it rises, tilted up it
 * sinks, and the ceiling, walls and floor move with it. Lines parallel to the image
 * (near horizontal or near vertical) carry no such information and are left out.
 *
 * Method, on the working-size grey image: Canny edges, then OpenCV's probabilistic Hough
 * transform for segments at least 6 % of the long side; of the receding ones (4° to 80°
 * from horizontal) the 48 longest are intersected pairwise, and the intersection that
 * the most segment length points at (each segment's direction within 1.5° of the
 * direction to it) is the vanishing point. It is trusted when at least four segments,
 * 60 % of the long side in total, point at it from both above and below it, so the
 * horizon is bracketed by ceiling-side and floor-side lines.
 *
 * A camera tilted up or down also makes the room's verticals converge (towards a point
 * above the frame when it looks up), which photos taken from low or high often show more
 * clearly than receding lines. The segments within 20° of vertical give the tilt (see
 * `tiltHorizon`); with a lens of the usual real-estate field of view (about 64° across
 * the long side, so a focal length of 0.8 long sides) it puts the horizon at
 * cy + f² / (cy − y_v), y_v being where the verticals meet. When both estimates
 * exist and disagree by more than a tenth of the height, the verticals win: they are
 * many and long in a room, while a vanishing point can be made by a few unrelated lines.
 * Without either the photo is taken as level (`fromLines: false`) and the fixed layout
 * applies.
 */
import "server-only";
import type { RgbImage } from "./raw-image";
import { greyOf } from "./edges";
import { straightSegments, type Segment } from "./straight-segments";

export interface RoomGeometry {
  /** The horizon's height as a fraction of the frame (0 top, 1 bottom); 0.5 for a level camera. */
  horizon: number;
  /** The vanishing point's x as a fraction of the width when it lies in the frame (one-point perspective), else 0.5. */
  vanishingX: number;
  /** False when the photo had too few receding lines and the level-camera layout was taken. */
  fromLines: boolean;
}

export const LEVEL_CAMERA: RoomGeometry = { horizon: 0.5, vanishingX: 0.5, fromLines: false };

const MIN_SEGMENT = 0.06;
const MIN_ANGLE = (4 * Math.PI) / 180;
const MAX_ANGLE = (80 * Math.PI) / 180;
const CANDIDATES = 48;
const POINTING = Math.cos((1.5 * Math.PI) / 180);
const MIN_SUPPORT = 4;
const MIN_SUPPORT_LENGTH = 0.6;
const NEAR_VERTICAL = (20 * Math.PI) / 180;
const FOCAL_LENGTH = 0.8;
/** A tilt that moves the horizon less than this share of the height is a level camera. */
const MIN_TILT_SHIFT = 0.03;
const AGREEMENT = 0.1;

export async function roomGeometry(image: RgbImage): Promise<RoomGeometry> {
  const segments = await houghSegments(image);
  const receding = segments
    .filter((s) => {
      const angle = Math.atan2(Math.abs(s.y1 - s.y0), Math.abs(s.x1 - s.x0));
      return angle >= MIN_ANGLE && angle <= MAX_ANGLE;
    })
    .sort((a, b) => b.length - a.length);
  const longSide = Math.max(image.width, image.height);
  const point = vanishingPoint(receding.slice(0, CANDIDATES), receding, longSide);
  const vertical = segments.filter((s) => Math.atan2(Math.abs(s.x1 - s.x0), Math.abs(s.y1 - s.y0)) <= NEAR_VERTICAL);
  const tilted = tiltHorizon(vertical, image.width, image.height, longSide);
  const fromPoint = point ? point.y / image.height : null;
  const horizon = tilted !== null && (fromPoint === null || Math.abs(fromPoint - tilted) > AGREEMENT) ? tilted : fromPoint;
  if (horizon === null) return LEVEL_CAMERA;
  const inFrame = point !== null && point.x >= 0 && point.x <= image.width;
  return { horizon, vanishingX: inFrame ? point.x / image.width : 0.5, fromLines: true };
}

/**
 * The horizon (fraction of the height) implied by the verticals' convergence, or null
 * when they are too few or parallel enough for a level camera. Lines through a point
 * (x_v, y_v) far above or below the frame lean in proportion to how far off-centre they
 * are: at the middle row, slope dx/dy = α (x − cx) + β with α = 1 / (cy − y_v) (β is a
 * camera roll, leaning all of them alike). α by least squares weighted by length, refitted
 * once without the segments that miss the fit by more than three times the median; the
 * horizon is then at cy + f² α.
 */
function tiltHorizon(vertical: Segment[], width: number, height: number, longSide: number): number | null {
  if (vertical.length < MIN_SUPPORT || vertical.reduce((sum, s) => sum + s.length, 0) < MIN_SUPPORT_LENGTH * longSide) return null;
  const [cx, cy] = [width / 2, height / 2];
  const rows = vertical.map((s) => {
    const slope = (s.x1 - s.x0) / (s.y1 - s.y0);
    // Where the segment's line crosses the middle row.
    const x = (s.x0 + s.x1) / 2 + slope * (cy - (s.y0 + s.y1) / 2) - cx;
    return { x, slope, weight: s.length };
  });
  let fit = lineFit(rows);
  if (!fit) return null;
  const misses = rows.map((r) => Math.abs(fit!.alpha * r.x + fit!.beta - r.slope));
  const limit = 3 * [...misses].sort((a, b) => a - b)[Math.floor(misses.length / 2)] + 1e-3;
  fit = lineFit(rows.filter((_r, i) => misses[i] <= limit)) ?? fit;
  const f = FOCAL_LENGTH * longSide;
  const horizon = (cy + f * f * fit.alpha) / height;
  return Math.abs(horizon - 0.5) < MIN_TILT_SHIFT ? null : horizon;
}

/** Weighted least squares of slope = α x + β; null when the segments all stand at one x. */
function lineFit(rows: { x: number; slope: number; weight: number }[]): { alpha: number; beta: number } | null {
  let sw = 0,
    sx = 0,
    sy = 0,
    sxx = 0,
    sxy = 0;
  for (const { x, slope, weight: w } of rows) {
    sw += w;
    sx += w * x;
    sy += w * slope;
    sxx += w * x * x;
    sxy += w * x * slope;
  }
  const variance = sxx - (sx * sx) / sw;
  if (sw === 0 || variance < 1e-6 * sxx) return null;
  const alpha = (sxy - (sx * sy) / sw) / variance;
  return { alpha, beta: (sy - alpha * sx) / sw };
}

function houghSegments(image: RgbImage): Promise<Segment[]> {
  return straightSegments(greyOf(image), image.width, image.height, Math.round(MIN_SEGMENT * Math.max(image.width, image.height)));
}

/** The intersection of two candidate segments that the most receding length points at, or null when none is trusted. */
function vanishingPoint(candidates: Segment[], all: Segment[], longSide: number): { x: number; y: number } | null {
  let best: { x: number; y: number; length: number; count: number } | null = null;
  for (let i = 0; i < candidates.length; i++) {
    for (let j = i + 1; j < candidates.length; j++) {
      const point = intersection(candidates[i], candidates[j]);
      if (!point) continue;
      let length = 0,
        count = 0,
        above = 0,
        below = 0;
      for (const s of all) {
        if (!pointsAt(s, point)) continue;
        length += s.length;
        count++;
        if ((s.y0 + s.y1) / 2 < point.y) above++;
        else below++;
      }
      if (!above || !below) continue;
      if (!best || length > best.length) best = { ...point, length, count };
    }
  }
  return best && best.count >= MIN_SUPPORT && best.length >= MIN_SUPPORT_LENGTH * longSide ? best : null;
}

function intersection(a: Segment, b: Segment): { x: number; y: number } | null {
  const d1x = a.x1 - a.x0,
    d1y = a.y1 - a.y0,
    d2x = b.x1 - b.x0,
    d2y = b.y1 - b.y0;
  const cross = d1x * d2y - d1y * d2x;
  // Nearly parallel lines meet far away, where a pixel of error moves the point a lot.
  if (Math.abs(cross) < Math.sin((2 * Math.PI) / 180) * a.length * b.length) return null;
  const t = ((b.x0 - a.x0) * d2y - (b.y0 - a.y0) * d2x) / cross;
  return { x: a.x0 + t * d1x, y: a.y0 + t * d1y };
}

/** The segment's line runs through the point: its direction is within 1.5° of the direction from its middle to the point. */
function pointsAt(s: Segment, point: { x: number; y: number }): boolean {
  const mx = (s.x0 + s.x1) / 2,
    my = (s.y0 + s.y1) / 2;
  const tx = point.x - mx,
    ty = point.y - my;
  const distance = Math.hypot(tx, ty);
  // A point on the segment itself is where it lies, not where it leads.
  if (distance < s.length / 2) return false;
  return Math.abs(((s.x1 - s.x0) * tx + (s.y1 - s.y0) * ty) / (s.length * distance)) >= POINTING;
}
