/** Option lists of the workflow forms, from the service's catalogues (plain data modules). */
import { PAINT_PALETTE } from "@/shared/palettes";
import { idLabel, REDESIGN_TYPE_LABELS, VIDEO_MODE_LABELS } from "@/shared/generation-vocabulary";
import { ROOM_TYPES, STYLES } from "@/shared/catalogues";

const toOptions = (ids: readonly string[]) => ids.map((id) => ({ value: id, label: idLabel(id) }));

export const ROOM_OPTIONS = toOptions(ROOM_TYPES);
export const STYLE_OPTIONS = toOptions(STYLES);
export const COLOR_OPTIONS = Object.entries(PAINT_PALETTE).map(([name, hex]) => ({ value: name, label: idLabel(name), hex }));
export const REDESIGN_OPTIONS = Object.entries(REDESIGN_TYPE_LABELS).map(([value, label]) => ({ value, label }));
export const VIDEO_MODE_OPTIONS = Object.entries(VIDEO_MODE_LABELS).map(([value, label]) => ({ value, label }));
