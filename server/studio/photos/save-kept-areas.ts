/**
 * Keeps what the agent marked on a photo for every result made from it (D17): the mask
 * painted or accepted in "Keep these areas" (white where kept, at most 1024 px, the
 * photo's aspect ratio) and what each area is, stored with the photo, so a single
 * staging, a multi-view set, a whole-listing batch and a redo all keep them. Saving
 * nothing (no mask, or no area) clears them. Each save writes a new file and removes
 * the last: a run copies the mask it started with (generations/kept-areas.ts), so no
 * result depends on the photo's file.
 */
import "server-only";
import crypto from "node:crypto";
import { eq } from "drizzle-orm";
import { photos } from "@/db/schema/studio";
import { AppError } from "@/server/errors";
import { KEPT_AREAS, summariseMask } from "@/server/images/kept-areas";
import { checkImageSize } from "@/server/net/image-limits";
import type { KeptArea } from "@/shared/kept-areas";
import type { StudioContext } from "../context";
import { findPhoto } from "./find-photo";

const MAX_MASK_BYTES = 8 * 1024 * 1024;
const PNG_DATA_URL = /^data:image\/png;base64,([A-Za-z0-9+/=]+)$/;

export async function saveKeptAreas(
  ctx: StudioContext,
  input: { workspaceId: string; photoId: string; maskDataUrl: string | null; areas: KeptArea[] },
): Promise<{ keptAreas: KeptArea[] }> {
  const photo = await findPhoto(ctx, input);
  const keep = input.maskDataUrl && input.areas.length > 0 ? await checkedMask(input.maskDataUrl, photo) : null;
  const key = keep ? `studio/${photo.workspaceId}/projects/${photo.projectId}/keep-masks/${crypto.randomUUID()}.png` : null;
  if (key && keep) await ctx.storage.put(key, keep, "image/png");
  await ctx.db
    .update(photos)
    .set({ keepMaskKey: key, keptAreas: key ? input.areas : null })
    .where(eq(photos.id, photo.id));
  if (photo.keepMaskKey) await ctx.storage.delete(photo.keepMaskKey);
  return { keptAreas: key ? input.areas : [] };
}

/** The mask as the service takes it (D17): a PNG of the photo's aspect ratio that keeps something and not everything. */
async function checkedMask(dataUrl: string, photo: { width: number; height: number }): Promise<Buffer> {
  const match = PNG_DATA_URL.exec(dataUrl);
  if (!match) throw new AppError("invalid_keep_mask", "The kept areas must be a PNG image.");
  const bytes = Buffer.from(match[1], "base64");
  const meta = await checkImageSize(bytes, { maxBytes: MAX_MASK_BYTES }, "The kept areas' mask").catch(() => {
    throw new AppError("invalid_keep_mask", "The kept areas' mask is not a readable PNG image.");
  });
  if (meta.format !== "png") throw new AppError("invalid_keep_mask", "The kept areas must be a PNG image.");
  if (Math.abs(meta.width / meta.height / (photo.width / photo.height) - 1) > KEPT_AREAS.aspectTolerance) {
    throw new AppError("invalid_keep_mask", "The kept areas were painted on another shape than this photo.");
  }
  const { keptShare } = await summariseMask(bytes);
  if (keptShare === 0) throw new AppError("invalid_keep_mask", "Mark at least one area to keep, or clear them.");
  if (keptShare === 1) throw new AppError("invalid_keep_mask", "The whole photo is marked: nothing could be staged.");
  return bytes;
}
