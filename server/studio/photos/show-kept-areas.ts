import "server-only";
import type { KeptArea } from "@/shared/kept-areas";
import type { StudioContext } from "../context";
import { findPhoto } from "./find-photo";

/** What "Keep these areas" saved on a photo: each area, and the mask as a data URL (the painter's canvas reads its pixels, which a storage link on another origin would not allow). */
export async function showKeptAreas(
  ctx: StudioContext,
  input: { workspaceId: string; photoId: string },
): Promise<{ areas: KeptArea[]; maskDataUrl: string | null }> {
  const photo = await findPhoto(ctx, input);
  const mask = photo.keepMaskKey ? await ctx.storage.get(photo.keepMaskKey) : null;
  return {
    areas: mask ? (photo.keptAreas ?? []) : [],
    maskDataUrl: mask ? `data:image/png;base64,${mask.bytes.toString("base64")}` : null,
  };
}
