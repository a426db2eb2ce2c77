/**
 * Names the parts of a room a change map touches, for the summary "changed: 4 % of the
 * image, regions: floor, back wall". The regions are the zones of the structure check
 * (room-zones.ts: ceiling band on top, floor band below, walls left / back / right
 * between), so the summary and the check speak of the same parts of the room. A layout
 * is just a named test per point, so a segmented one can replace it without touching
 * callers.
 */
import "server-only";
import type { ChangeMap } from "./change-map";
import { roomRegionAt } from "./room-zones";

export interface RegionLayout {
  /** Region of a point given as fractions of width and height (0..1). */
  regionAt(x: number, y: number): string;
}

export const EYE_LEVEL_ROOM: RegionLayout = { regionAt: roomRegionAt };

/** Share of changed pixels that counts a region as changed, or share of the region itself. */
const SHARE_OF_CHANGE = 0.1;
const SHARE_OF_REGION = 0.05;

export interface ChangedRegion {
  name: string;
  /** Share of all changed pixels that lie in this region. */
  shareOfChange: number;
}

export function changedRegions(map: ChangeMap, layout: RegionLayout = EYE_LEVEL_ROOM): ChangedRegion[] {
  const changed = new Map<string, number>();
  const sizes = new Map<string, number>();
  let total = 0;
  for (let y = 0; y < map.height; y++) {
    for (let x = 0; x < map.width; x++) {
      const name = layout.regionAt((x + 0.5) / map.width, (y + 0.5) / map.height);
      sizes.set(name, (sizes.get(name) ?? 0) + 1);
      if (!map.mask[y * map.width + x]) continue;
      changed.set(name, (changed.get(name) ?? 0) + 1);
      total++;
    }
  }
  if (total === 0) return [];
  return [...changed]
    .filter(([name, count]) => count / total >= SHARE_OF_CHANGE || count / sizes.get(name)! >= SHARE_OF_REGION)
    .sort((a, b) => b[1] - a[1])
    .map(([name, count]) => ({ name, shareOfChange: count / total }));
}

/** "changed: 4 % of the image, regions: floor, back wall" (+ the re-grade when there is one). */
export function changeSummary(map: ChangeMap, regions: ChangedRegion[] = changedRegions(map)): string {
  return changeSummaryText({ changedPercent: map.changedFraction * 100, regions: regions.map((r) => r.name), regraded: map.regraded });
}

/**
 * The same sentence from a change map's stored figures, so a summary saved beside an
 * output is worded as today's code words it (the words changed; the figures did not).
 */
export function changeSummaryText(figures: { changedPercent: number; regions: string[]; regraded: boolean }): string {
  const percent = figures.changedPercent;
  const shown = percent === 0 ? "0" : percent < 1 ? "< 1" : String(Math.round(percent));
  const parts = [`changed: ${shown} % of the image`];
  if (figures.regions.length) parts.push(`regions: ${figures.regions.join(", ")}`);
  if (figures.regraded) parts.push("colors re-graded across the whole image");
  return parts.join(", ");
}
