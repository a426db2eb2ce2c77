/**
 * The ceiling's own surface, rather than the ceiling band: in a photo where the ceiling is
 * a sliver of the frame (a kitchen shot level, a room seen from below) most of the band
 * is the top of the walls, and a ceiling clad in wood changes only a small share of it.
 *
 * The ceiling meets the walls along lines (the wall–ceiling edge, a cornice, a beam), and
 * it is what the top of the frame shows. So its surface is found as the parts of the
 * band, split along the source's lines (grown by a pixel so that a faint gap does not
 * join two surfaces), that touch the top of the frame and cover at least 1 % of it (a
 * light fitting or a strip between two lines is no surface). Where the source has no
 * line between ceiling and wall the part found runs into the wall, and the measure is
 * no stricter than the band's.
 *
 * `changed`: the largest share of any such surface whose colour moved beyond light
 * (surface-colour.ts). Staging adds nothing to a ceiling but a light fitting or a fan, a
 * few percent of it; more than half of it in another colour or pattern is a new ceiling.
 *
 * Where no line separates a sliver of ceiling from the wall below, that surface is not
 * found, but the ceiling still is the top of the frame: `topEdgeChanged` is the share of
 * the frame's top rows (2 % of its height) changed beyond light. A light fitting or a
 * pendant takes a few percent of them; across most of the width it is the ceiling
 * refinished, or in a photo tilted down the walls' top repainted, which is refused too.
 */
import "server-only";
import { morph } from "./edges";
import { regionsOf } from "./regions";

/** A part of the band smaller than this share of the frame is not a ceiling surface. */
const MIN_SURFACE = 0.01;
/** The top rows of the frame, as a share of its height. */
const TOP_ROWS = 0.02;

/** Null when no part of the band large enough touches the top of the frame. */
export function ceilingSurfaceChanged(input: {
  sourceLines: Uint8Array;
  changed: Uint8Array;
  band: number[];
  width: number;
  height: number;
  margin: number;
}): number | null {
  const { width, height, margin } = input;
  const barrier = morph(input.sourceLines, width, height, -1);
  const open = new Uint8Array(width * height);
  for (const p of input.band) if (!barrier[p]) open[p] = 1;
  // The zone's pixels start below the shifted border; the top of the frame is its first rows.
  const topRows = (margin + 2) * width;
  let worst: number | null = null;
  for (const region of regionsOf(open, width)) {
    if (region.length < MIN_SURFACE * width * height || !region.some((p) => p < topRows)) continue;
    let changed = 0;
    for (const p of region) changed += input.changed[p];
    worst = Math.max(worst ?? 0, changed / region.length);
  }
  return worst;
}

/** The share of the frame's top rows (inside the alignment margin, outside `ignored`: areas kept from the photo) changed beyond light. */
export function topEdgeChanged(input: {
  changed: Uint8Array;
  width: number;
  height: number;
  margin: number;
  ignored?: Uint8Array | null;
}): number {
  const { width, height, margin } = input;
  const rows = Math.max(2, Math.round(TOP_ROWS * height));
  let count = 0,
    changed = 0;
  for (let y = margin; y < Math.min(height, margin + rows); y++) {
    for (let x = margin; x < width - margin; x++) {
      if (input.ignored?.[y * width + x]) continue;
      count++;
      changed += input.changed[y * width + x];
    }
  }
  return count ? changed / count : 0;
}
