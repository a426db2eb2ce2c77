/**
 * The room's uprights: door and window frames, reveals, wall corners, the sides of fitted
 * units, the long near-vertical lines of the source. They run down through the lower
 * walls band, which the zones leave unchecked because sofas, beds and tables stand there
 * (room-zones.ts), so a door, a doorway or a window's lower half inpainted away there
 * passed every zone. Judged along each upright's own length instead: an upright that
 * something added stands in front of is hidden, not lost (the same areas as
 * `erasedRecall`'s, structure-check.ts); one gone where the output shows bare surface was
 * erased.
 *
 * A declutter adds nothing: what it shows where clutter stood is the room itself. So for
 * a declutter nothing counts as standing in front, and an upright it loses was erased,
 * even where the output drew a smear with edges of its own. Clutter is small: a chair,
 * toys, a bag, far shorter than a sixth of the frame's height, so its lines are not
 * uprights here.
 *
 * Uprights: source segments (straight-segments.ts) within 10° of vertical and at least a
 * sixth of the height long, outside the floor zone (a floor's boards run near vertical
 * towards the vanishing point). Along each, a point counts where the source has a line
 * (structure-lines.ts) within a pixel across, and is kept where that line is kept (an
 * output edge running the same way within 3 px). An upright whose counted points are
 * under half its length is texture the segment finder joined, not a line; one that kept
 * under half of them is erased. `erased` is the erased uprights' share of the counted
 * length, judged when the uprights total at least 60 % of the height (two sides of a
 * door), so one pole in a photo with no other upright does not decide it.
 */
import "server-only";
import type { Segment } from "./straight-segments";
import type { LineMaps } from "./structure-lines";

export const UPRIGHT_LIMITS = {
  /** Most a segment may lean from vertical to be an upright. */
  maxLean: (10 * Math.PI) / 180,
  /** Least length of an upright, as a share of the frame's height. */
  minLength: 1 / 6,
  /** Least total length of the uprights counted, as a share of the height, for the measure to judge. */
  minTotal: 0.6,
} as const;

/** Whether a segment of the source is an upright by its lean and length. */
export function isUpright(s: Segment, height: number): boolean {
  return (
    s.length >= UPRIGHT_LIMITS.minLength * height && Math.atan2(Math.abs(s.x1 - s.x0), Math.abs(s.y1 - s.y0)) <= UPRIGHT_LIMITS.maxLean
  );
}

/**
 * The share of the uprights' length erased, or null when too few uprights to judge.
 * `hidden`: what the output added in front (grown by its rim), or null when nothing may
 * stand in front (a declutter); `floor`: the floor zone's pixels (1).
 */
export function uprightsErased(input: {
  uprights: Segment[];
  maps: LineMaps;
  hidden: Uint8Array | null;
  floor: Uint8Array;
}): number | null {
  const { maps, hidden, floor } = input;
  const { width, height } = maps;
  const near = (x: number, y: number, map: Uint8Array) =>
    map[y * width + x] || (x > 0 && map[y * width + x - 1]) || (x < width - 1 && map[y * width + x + 1]);
  let total = 0,
    erased = 0;
  for (const s of input.uprights) {
    const steps = Math.max(1, Math.round(s.length));
    let counted = 0,
      kept = 0;
    for (let k = 0; k <= steps; k++) {
      const x = Math.round(s.x0 + ((s.x1 - s.x0) * k) / steps),
        y = Math.round(s.y0 + ((s.y1 - s.y0) * k) / steps);
      const p = y * width + x;
      if (floor[p] || hidden?.[p] || !near(x, y, maps.source)) continue;
      counted++;
      if (near(x, y, maps.keptLocal)) kept++;
    }
    if (counted < (steps + 1) / 2) continue;
    total += s.length;
    if (kept < counted / 2) erased += s.length;
  }
  return total >= UPRIGHT_LIMITS.minTotal * height ? erased / total : null;
}
