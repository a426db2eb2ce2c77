import "server-only";
import type { ImageLimits } from "../hosted/prepare-image";

/** What Kling takes as a frame: JPG/PNG, ≤ 10 MB, ≥ 300 px, aspect 1:2.5 to 2.5:1 (error 1201 otherwise). */
export const KLING_FRAME: ImageLimits = { format: "jpeg", maxBytes: 10_000_000, maxPixels: 8_000_000, minShortSide: 300, maxAspect: 2.5 };

/**
 * Models and modes that take an end frame (`image_tail`): Kling's capability map lists
 * start + end frame for v1, v1-5 and v1-6, v2-1 in pro mode and v2-6 in pro mode; the
 * master models do not take it.
 */
const TAIL_MODELS = new Set(["kling-v1", "kling-v1-5", "kling-v1-6", "kling-v2-1", "kling-v2-6"]);

export function takesEndFrame(model: string): boolean {
  return TAIL_MODELS.has(model);
}
