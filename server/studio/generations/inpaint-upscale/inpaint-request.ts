/**
 * The one mapping of an edit input to the v1 POST /inpaint body. Its output, without
 * the photo's and the mask's links (signed links expire), is what the generation stores
 * as its params, with where the mask is kept; the inpaint step sends it with fresh links.
 */
import "server-only";
import type { z } from "zod";
import type { InpaintRequestSchema } from "@/server/v1/schemas/media";
import type { StartInpaintUpscaleInput } from "./start-inpaint-upscale.schema";

export type InpaintUpscaleParams = ReturnType<typeof inpaintRequest> & { maskKey: string };

export function inpaintRequest(input: StartInpaintUpscaleInput) {
  const { inpaintingType: inpainting_type, renderType: render_type, roomType: room_type, style } = input;
  return { inpainting_type, render_type, room_type, style } satisfies Omit<
    z.input<typeof InpaintRequestSchema>,
    "submitted_url" | "mask_url"
  >;
}
