/**
 * The fixed catalogues of D5. Display labels are accepted and normalized: matching is
 * case-insensitive and spaces, hyphens and underscores are alike.
 */
export const ROOM_TYPES = [
  "living_room", "bedroom", "kitchen", "dining_room", "bathroom", "home_office", "kids_room", "entryway", "basement", "patio",
] as const;

export const STYLES = [
  "modern", "contemporary", "scandinavian", "industrial", "farmhouse", "coastal", "mid_century_modern", "minimalist",
  "traditional", "bohemian", "japandi", "luxury",
] as const;

export const REDESIGN_TYPES = ["staging", "declutter", "render", "redecorate", "color_change"] as const;

const REDESIGN_LABELS: Record<string, (typeof REDESIGN_TYPES)[number]> = {
  staging: "staging", virtual_staging: "staging", furniture_staging: "staging", stage: "staging",
  declutter: "declutter", empty_room: "declutter", remove_furniture: "declutter",
  render: "render", sketch_to_render: "render",
  redecorate: "redecorate", redesign: "redecorate", restyle: "redecorate",
  color_change: "color_change", colour_change: "color_change", paint: "color_change", wall_color: "color_change",
};

export const ENVIRONMENTS = ["interior", "exterior", "commercial"] as const;

export type RoomType = (typeof ROOM_TYPES)[number];
export type Style = (typeof STYLES)[number];
export type RedesignTypeId = (typeof REDESIGN_TYPES)[number];

/** "Living Room", "living-room" and "LIVING_ROOM" all become "living_room". */
export function labelToId(label: string): string {
  return label.trim().toLowerCase().replace(/[\s\-_]+/g, "_");
}

export function normalizeRoomType(label: string): RoomType | null {
  const id = labelToId(label);
  return (ROOM_TYPES as readonly string[]).includes(id) ? (id as RoomType) : null;
}

export function normalizeStyle(label: string): Style | null {
  const id = labelToId(label);
  return (STYLES as readonly string[]).includes(id) ? (id as Style) : null;
}

export function normalizeRedesignType(label: string): RedesignTypeId | null {
  return REDESIGN_LABELS[labelToId(label)] ?? null;
}

/** The accepted display labels besides the ids, for the 400's message ("virtual staging", "color change"…). */
export const REDESIGN_LABEL_LIST = Object.keys(REDESIGN_LABELS)
  .filter((label) => !(REDESIGN_TYPES as readonly string[]).includes(label))
  .map((label) => label.replace(/_/g, " "));
