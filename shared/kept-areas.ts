/**
 * Areas an agent keeps from the original photo (D17): the words the studio, the
 * disclosure pages and the suggestions share. Pure module: the browser, db/schema and the
 * server all read it. The service itself knows only the mask; what each area is (a
 * window, a fireplace) is the studio's record of what the agent marked.
 */

/** What a kept area is: suggested from the photo's lines (a window, a door, a tall built-in) or painted by hand. */
export const KEPT_AREA_KINDS = ["window", "door", "built_in", "painted"] as const;
export type KeptAreaKind = (typeof KEPT_AREA_KINDS)[number];

/** A point as fractions of the photo's width and height (0..1 from the top left). */
export type FramePoint = [number, number];

/** One kept area of a photo as the studio stores it: what it is, what the agent called it, and its outline when it came from a suggestion. */
export interface KeptArea {
  kind: KeptAreaKind;
  /** "window", "door", "built-in", or what the agent wrote for a painted area ("fireplace"). */
  name: string;
  /** The suggestion's quadrilateral, clockwise from the top left; null for a painted area. */
  polygon: FramePoint[] | null;
}

/** The longest name an agent may give a painted area. */
export const KEPT_AREA_NAME_MAX = 40;

const DEFAULT_NAMES: Record<KeptAreaKind, string> = { window: "window", door: "door", built_in: "built-in", painted: "marked area" };

export function defaultKeptAreaName(kind: KeptAreaKind): string {
  return DEFAULT_NAMES[kind];
}

function plural(name: string, count: number): string {
  if (count === 1) return `the ${name}`;
  const many = /(s|sh|ch|x|z)$/.test(name) ? `${name}es` : `${name}s`;
  return `the ${count} ${many}`;
}

/** "the 2 windows and the fireplace": each name once, counted, in the order first marked. */
export function keptAreasPhrase(areas: readonly Pick<KeptArea, "name">[]): string | null {
  const counts = new Map<string, number>();
  for (const area of areas) {
    const name = area.name.trim().toLowerCase() || DEFAULT_NAMES.painted;
    counts.set(name, (counts.get(name) ?? 0) + 1);
  }
  const parts = [...counts].map(([name, count]) => plural(name, count));
  if (parts.length === 0) return null;
  return parts.length === 1 ? parts[0] : `${parts.slice(0, -1).join(", ")} and ${parts[parts.length - 1]}`;
}

/** The disclosure's sentence: "The 2 windows and the fireplace are kept exactly from the original photo." */
export function keptAreasSentence(areas: readonly Pick<KeptArea, "name">[]): string | null {
  const phrase = keptAreasPhrase(areas);
  if (!phrase) return null;
  const many = areas.length > 1;
  return `${phrase.charAt(0).toUpperCase()}${phrase.slice(1)} ${many ? "are" : "is"} kept exactly from the original photo.`;
}
