/**
 * The fixed paint palette accepted wherever a colour is asked for (D5: `color` is a CSS
 * hex colour or one of these names). Values are typical paint-chip colours.
 */
export const PAINT_PALETTE: Readonly<Record<string, string>> = {
  white: "#f4f2ec",
  off_white: "#ede6d6",
  cream: "#f1e5c9",
  beige: "#d8c8a8",
  greige: "#bfb5a5",
  light_gray: "#c9cbcb",
  charcoal: "#3b3d40",
  black: "#1f1f1f",
  navy: "#243a5e",
  sky_blue: "#9cc3dd",
  sage_green: "#9caf88",
  forest_green: "#2f5233",
  terracotta: "#c56b4a",
  blush_pink: "#e6bfb8",
  mustard_yellow: "#d4a537",
  lavender: "#b8a9c9",
};

export const PAINT_COLOR_NAMES: readonly string[] = Object.keys(PAINT_PALETTE);

const HEX_COLOR = /^#[0-9a-f]{6}$/i;

function paletteKey(name: string): string {
  return name
    .trim()
    .toLowerCase()
    .replace(/[\s_-]+/g, "_");
}

/** `#RRGGBB` (any case) or a palette name (any case; spaces, hyphens, underscores alike) → `#rrggbb`; otherwise null. */
export function normalizeColor(input: string): string | null {
  const trimmed = input.trim();
  if (HEX_COLOR.test(trimmed)) return trimmed.toLowerCase();
  return PAINT_PALETTE[paletteKey(trimmed)] ?? null;
}
