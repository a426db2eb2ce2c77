import "server-only";
import { and, eq, isNull } from "drizzle-orm";
import { photos } from "@/db/schema/studio";
import { AppError } from "@/server/errors";
import type { StudioContext } from "../context";

/** A photo of the workspace that is not deleted; another workspace's id is answered as an unknown one. */
export async function findPhoto(
  ctx: Pick<StudioContext, "db">,
  input: { workspaceId: string; photoId: string },
): Promise<typeof photos.$inferSelect> {
  const [photo] = await ctx.db
    .select()
    .from(photos)
    .where(and(eq(photos.id, input.photoId), eq(photos.workspaceId, input.workspaceId), isNull(photos.deletedAt)));
  if (!photo) throw new AppError("not_found", "Photo not found.");
  return photo;
}
