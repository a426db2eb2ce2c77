import { and, eq } from "drizzle-orm";
import { photos, projects } from "@/db/schema/studio";
import { AppError } from "@/server/errors";
import { deleteDerivatives } from "@/server/images/derivatives";
import type { StudioContext } from "../context";

export async function deletePhoto(ctx: StudioContext, input: { workspaceId: string; photoId: string }): Promise<void> {
  const [photo] = await ctx.db
    .delete(photos)
    .where(and(eq(photos.id, input.photoId), eq(photos.workspaceId, input.workspaceId)))
    .returning();
  if (!photo) throw new AppError("not_found", "Photo not found.");
  await ctx.db.update(projects).set({ coverPhotoId: null }).where(eq(projects.coverPhotoId, photo.id));
  await ctx.storage().delete(photo.storageKey);
  await deleteDerivatives(ctx.storage(), photo.storageKey);
}
