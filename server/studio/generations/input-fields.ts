/** Fields several workflows' inputs share, in the vocabulary's words (the forms offer the same lists). */
import "server-only";
import { z } from "zod";
import { normalizeColor } from "@/shared/palettes";
import { INTENSITY, ROOM_TYPES, STYLES } from "@/shared/vocabulary";

export const RoomTypeSchema = z.enum(ROOM_TYPES);
export const StyleSchema = z.enum(STYLES);
export const ColorSchema = z.string().refine((value) => normalizeColor(value) !== null, "Pick a palette color or a #RRGGBB hex color.");
export const IntensitySchema = z.number().min(INTENSITY.min).max(INTENSITY.max).default(INTENSITY.redesign);
