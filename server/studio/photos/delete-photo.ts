/**
 * Deleting a photo is a soft delete with a short undo window: the row is hidden from every
 * list and picker at once (deleted_at), restorePhoto brings it back within the window,
 * and purgeDeletedPhoto, run by a durable function after the window, removes the row and
 * its bytes for good. Who may delete follows the rule for results (shared/roles.ts):
 * one's own photos, or a teammate's for owners and admins.
 */
import "server-only";
import { and, eq, gt, isNotNull, isNull, lte } from "drizzle-orm";
import { photos, projects } from "@/db/schema/studio";
import { photoDeleted } from "@/inngest/studio-events";
import { AppError } from "@/server/errors";
import { mayDeleteWork } from "@/shared/roles";
import type { WorkspaceRole } from "@/shared/vocabulary";
import type { StudioContext } from "../context";
import { removeUnusedOriginal } from "./remove-unused-original";

/** How long "Undo" works after a delete; a little longer than the toast offering it stays (10 s). */
export const PHOTO_UNDO_WINDOW_MS = 15_000;

type PhotoRef = { workspaceId: string; photoId: string };

export async function deletePhoto(
  ctx: StudioContext,
  input: PhotoRef & { userId: string; role: WorkspaceRole },
): Promise<{ undoUntil: Date }> {
  const now = ctx.now();
  const live = and(eq(photos.id, input.photoId), eq(photos.workspaceId, input.workspaceId), isNull(photos.deletedAt));
  const [found] = await ctx.db.select({ uploadedBy: photos.uploadedBy }).from(photos).where(live);
  if (!found) throw new AppError("not_found", "Photo not found.");
  if (!mayDeleteWork(input.role, { createdBy: found.uploadedBy, userId: input.userId })) {
    throw new AppError("forbidden", "Only owners and admins can delete a teammate's photo.");
  }
  const [photo] = await ctx.db.update(photos).set({ deletedAt: now }).where(live).returning({ id: photos.id });
  if (!photo) throw new AppError("not_found", "Photo not found.");
  // Named by the moment, so a photo restored and deleted again is purged again.
  await ctx.events.send(
    photoDeleted.create(
      { workspaceId: input.workspaceId, photoId: input.photoId },
      { id: `photo-deleted-${input.photoId}-${now.getTime()}` },
    ),
  );
  return { undoUntil: new Date(now.getTime() + PHOTO_UNDO_WINDOW_MS) };
}

/** Takes a delete back within the undo window; a second undo of the same photo is a no-op. */
export async function restorePhoto(ctx: StudioContext, input: PhotoRef): Promise<void> {
  const ofPhoto = and(eq(photos.id, input.photoId), eq(photos.workspaceId, input.workspaceId));
  const [restored] = await ctx.db
    .update(photos)
    .set({ deletedAt: null })
    .where(and(ofPhoto, isNotNull(photos.deletedAt), gt(photos.deletedAt, new Date(ctx.now().getTime() - PHOTO_UNDO_WINDOW_MS))))
    .returning({ id: photos.id });
  if (restored) return;
  const [current] = await ctx.db.select({ deletedAt: photos.deletedAt }).from(photos).where(ofPhoto);
  if (current && !current.deletedAt) return;
  // Purged already, or never this workspace's: the same answer, so a foreign id learns nothing.
  if (!current) throw new AppError("not_found", "This photo is gone: it was deleted for good.");
  throw new AppError("conflict", "Too late to undo: the photo was deleted for good.");
}

/**
 * Removes a deleted photo for good once its undo window has passed (a restored photo, or
 * one whose window is still open, is left alone). Its original stays in storage while a
 * result made from it still shows it as the "before" image (and the share page's
 * unaltered original), with its copies; deleting the last such result removes it.
 */
export async function purgeDeletedPhoto(ctx: StudioContext, input: PhotoRef): Promise<boolean> {
  const [photo] = await ctx.db
    .delete(photos)
    .where(
      and(
        eq(photos.id, input.photoId),
        eq(photos.workspaceId, input.workspaceId),
        isNotNull(photos.deletedAt),
        lte(photos.deletedAt, new Date(ctx.now().getTime() - PHOTO_UNDO_WINDOW_MS)),
      ),
    )
    .returning();
  if (!photo) return false;
  await ctx.db.update(projects).set({ coverPhotoId: null }).where(eq(projects.coverPhotoId, photo.id));
  await removeUnusedOriginal(ctx, { workspaceId: photo.workspaceId, key: photo.storageKey });
  // Runs made from the photo keep their own copy of its kept areas (generations/kept-areas.ts).
  if (photo.keepMaskKey) await ctx.storage.delete(photo.keepMaskKey);
  return true;
}
