/** Option lists of the forms, from the vocabulary (shared/vocabulary.ts): each typed by its words. */
import { optionsFrom, optionsOf } from "@/components/ui/options";
import { PAINT_PALETTE } from "@/shared/palettes";
import { idLabel, LENGTHS, REDESIGN_TYPE_LABELS, ROOM_TYPES, STYLES, TONES, VIDEO_MODE_LABELS } from "@/shared/vocabulary";

export const ROOM_OPTIONS = optionsOf(ROOM_TYPES);
export const STYLE_OPTIONS = optionsOf(STYLES);
export const COLOR_OPTIONS = Object.entries(PAINT_PALETTE).map(([name, hex]) => ({ value: name, label: idLabel(name), hex }));
export const REDESIGN_OPTIONS = optionsFrom(REDESIGN_TYPE_LABELS);
export const VIDEO_MODE_OPTIONS = optionsFrom(VIDEO_MODE_LABELS);
export const TONE_OPTIONS = optionsOf(TONES);
export const LENGTH_OPTIONS = optionsOf(LENGTHS);
