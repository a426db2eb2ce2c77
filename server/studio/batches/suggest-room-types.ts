/**
 * A room type to suggest for each photo of a project, from the image analysis the studio
 * already holds: the newest property description whose analysis named a room for that
 * photo (D8 `image_analysis[].room_type`). Photos it never named get no suggestion; the
 * form starts them on a living room and the person picks.
 */
import "server-only";
import { and, desc, eq, isNull } from "drizzle-orm";
import { photos } from "@/db/schema/studio";
import { generations } from "@/db/schema/studio-generations";
import { normalizeRoomType, type RoomType } from "@/shared/vocabulary";
import type { StudioContext } from "../context";
import { getProject } from "../projects/get-project";

export async function suggestRoomTypes(ctx: StudioContext, input: { workspaceId: string; projectId: string }) {
  await getProject(ctx, input);
  const [projectPhotos, descriptions] = await Promise.all([
    ctx.db
      .select({ id: photos.id })
      .from(photos)
      .where(and(eq(photos.workspaceId, input.workspaceId), eq(photos.projectId, input.projectId), isNull(photos.deletedAt))),
    ctx.db
      .select({ result: generations.result })
      .from(generations)
      .where(
        and(
          eq(generations.workspaceId, input.workspaceId),
          eq(generations.projectId, input.projectId),
          eq(generations.kind, "description"),
          eq(generations.status, "completed"),
        ),
      )
      .orderBy(desc(generations.createdAt)),
  ]);
  const suggested = new Map<string, RoomType>();
  for (const { result } of descriptions) {
    const photoIds = (result?.photoIds ?? []) as string[];
    const analysis = (result?.imageAnalysis ?? []) as { index: number; room_type: string | null }[];
    for (const item of analysis) {
      const photoId = photoIds[item.index];
      const roomType = item.room_type ? normalizeRoomType(item.room_type) : null;
      if (photoId && roomType && !suggested.has(photoId)) suggested.set(photoId, roomType);
    }
  }
  return projectPhotos.map((photo) => ({ photoId: photo.id, roomType: suggested.get(photo.id) ?? null }));
}
