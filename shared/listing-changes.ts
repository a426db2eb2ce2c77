/**
 * What publishing the listing page's draft would change on the public page: results
 * added, taken off, moved, recaptioned or given a new image (a multi-view redo), and
 * the description. The studio counts them ("3 unpublished changes"), tags each pick
 * with its own, and lists them in the publish confirmation; the audit log keeps the
 * counts of each draft edit. Pure: the server and the studio's pages call it.
 */

export interface ListingSidePick {
  outputId: string;
  /** "Photo 2": as that side numbers it (shared/listing-numbering.ts). */
  name: string;
  caption: string | null;
  /** The stored image it shows: a redo gives the result a new one. */
  image: string;
}

export interface ListingSide {
  picks: readonly ListingSidePick[];
  description: string | null;
}

export type PickChange = "added" | "moved" | "caption" | "image";

export interface ListingChanges {
  /** Names in the draft ("Photo 3"), except `removed`: names on the published page. */
  added: string[];
  removed: string[];
  moved: string[];
  captions: string[];
  images: string[];
  description: boolean;
  count: number;
  /** What changed about each of the draft's picks, by output id (absent: nothing). */
  byPick: Record<string, PickChange[]>;
}

export const NOTHING_PUBLISHED: ListingSide = { picks: [], description: null };

/**
 * The picks kept on both sides that changed place: the fewest that, taken out, leave the
 * others in the published order (a swap of two is one move, not two).
 */
function movedPicks(kept: readonly ListingSidePick[], publishedIndex: (pick: ListingSidePick) => number): Set<string> {
  const order = kept.map(publishedIndex);
  // Longest increasing run of published positions, in draft order (n ≤ 100 picks: n² is fine).
  const length = order.map(() => 1);
  const previous = order.map(() => -1);
  for (let i = 0; i < order.length; i++) {
    for (let j = 0; j < i; j++) {
      if (order[j] < order[i] && length[j] + 1 > length[i]) {
        length[i] = length[j] + 1;
        previous[i] = j;
      }
    }
  }
  const stay = new Set<number>();
  let at = length.length ? length.indexOf(Math.max(...length)) : -1;
  while (at >= 0) {
    stay.add(at);
    at = previous[at];
  }
  return new Set(kept.filter((_, index) => !stay.has(index)).map((pick) => pick.outputId));
}

export function listingChanges(published: ListingSide, draft: ListingSide): ListingChanges {
  const before = new Map(published.picks.map((pick, index) => [pick.outputId, { pick, index }]));
  const inDraft = new Set(draft.picks.map((pick) => pick.outputId));
  const kept = draft.picks.filter((pick) => before.has(pick.outputId));
  const moved = movedPicks(kept, (pick) => before.get(pick.outputId)!.index);
  const byPick: Record<string, PickChange[]> = {};
  const changes: ListingChanges = {
    added: [],
    removed: [],
    moved: [],
    captions: [],
    images: [],
    description: (published.description ?? null) !== (draft.description ?? null),
    count: 0,
    byPick,
  };
  for (const pick of draft.picks) {
    const was = before.get(pick.outputId)?.pick;
    const own: PickChange[] = !was
      ? ["added"]
      : [
          ...(moved.has(pick.outputId) ? (["moved"] as const) : []),
          ...((was.caption ?? null) !== (pick.caption ?? null) ? (["caption"] as const) : []),
          ...(was.image !== pick.image ? (["image"] as const) : []),
        ];
    if (own.length) byPick[pick.outputId] = own;
    if (own.includes("added")) changes.added.push(pick.name);
    if (own.includes("moved")) changes.moved.push(pick.name);
    if (own.includes("caption")) changes.captions.push(pick.name);
    if (own.includes("image")) changes.images.push(pick.name);
  }
  changes.removed = published.picks.filter((pick) => !inDraft.has(pick.outputId)).map((pick) => pick.name);
  changes.count =
    changes.added.length +
    changes.removed.length +
    changes.moved.length +
    changes.captions.length +
    changes.images.length +
    (changes.description ? 1 : 0);
  return changes;
}

/** The changes as the publish confirmation lists them, one line each kind. */
export function describeChanges(changes: ListingChanges): string[] {
  const list = (names: string[]) => names.join(", ");
  return [
    changes.added.length ? `Added: ${list(changes.added)}` : null,
    changes.removed.length ? `Taken off: ${list(changes.removed)} (as numbered on the published page)` : null,
    changes.moved.length ? `Moved: ${list(changes.moved)} (the photos' numbers change)` : null,
    changes.captions.length ? `Caption changed: ${list(changes.captions)}` : null,
    changes.images.length ? `New image (redone): ${list(changes.images)}` : null,
    changes.description ? "Description changed" : null,
  ].filter((line): line is string => line !== null);
}

export function changeCountLabel(count: number): string {
  return `${count} unpublished change${count === 1 ? "" : "s"}`;
}

/** A draft edit's counts for the audit log: only the kinds that changed. */
export function changeCounts(changes: ListingChanges): Record<string, number | boolean> {
  const counts: Record<string, number | boolean> = {
    added: changes.added.length,
    removed: changes.removed.length,
    moved: changes.moved.length,
    captions: changes.captions.length,
    images: changes.images.length,
  };
  const kept = Object.fromEntries(Object.entries(counts).filter(([, value]) => value !== 0));
  return changes.description ? { ...kept, description: true } : kept;
}
