/** Declutter: objects found on the floor (clutter-mask.ts) are inpainted away (fill-holes.ts). */
import "server-only";
import { resizeRgb, scaleMask, type RgbImage } from "@/server/images/raw-image";
import { ProviderError } from "../types";
import { CLUTTER_WORK_SIDE, findClutter } from "./clutter-mask";
import { fillHoles } from "./fill-holes";

export async function declutter(source: RgbImage): Promise<RgbImage> {
  const scale = Math.min(1, CLUTTER_WORK_SIDE / Math.max(source.width, source.height));
  const work = await resizeRgb(source, Math.max(1, Math.round(source.width * scale)), Math.max(1, Math.round(source.height * scale)));
  const clutter = findClutter(work);
  if (!clutter.some((v) => v)) {
    throw new ProviderError("No furniture or clutter was found on the floor to remove.", { transient: false });
  }
  const mask = await scaleMask(clutter, work, source);
  return fillHoles(source, mask);
}
