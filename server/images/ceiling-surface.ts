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
 */
import "server-only";
import { morph } from "./edges";
import { regionsOf } from "./regions";

/** A part of the band smaller than this share of the frame is not a ceiling surface. */
const MIN_SURFACE = 0.01;

/** Null when no part of the band large enough touches the top of the frame. */
export function ceilingSurfaceChanged(input: { sourceLines: Uint8Array; changed: Uint8Array; band: number[]; width: number; height: number; margin: number }): number | null {
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
