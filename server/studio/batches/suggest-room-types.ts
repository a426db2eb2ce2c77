/**
 * A room type to suggest for each photo of a project, and where it came from:
 * - "photo": what its pixels plainly show, found at upload (server/images/analyze.ts; an
 *   outdoor photo is a patio), or named for it by the newest property description's
 *   image analysis (D8 `image_analysis[].room_type`);
 * - "file_name": the room its file name names ("05-master-bath.jpg", shared/room-names.ts).
 * Photos nothing tells about get no suggestion: the form asks the person rather than
 * assuming a room.
 */
import "server-only";
import { and, desc, eq, isNull } from "drizzle-orm";
import { photos } from "@/db/schema/studio";
import { generations } from "@/db/schema/studio-generations";
import { roomTypeFromName } from "@/shared/room-names";
import { normalizeRoomType, type RoomType, type RoomTypeSource } from "@/shared/vocabulary";
import type { StudioContext } from "../context";
import { getProject } from "../projects/get-project";

export async function suggestRoomTypes(ctx: StudioContext, input: { workspaceId: string; projectId: string }) {
  await getProject(ctx, input);
  const [projectPhotos, descriptions] = await Promise.all([
    ctx.db
      .select({ id: photos.id, fileName: photos.fileName, fromPixels: photos.suggestedRoomType })
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
  const analysed = new Map<string, RoomType>();
  for (const { result } of descriptions) {
    const photoIds = (result?.photoIds ?? []) as string[];
    const analysis = (result?.imageAnalysis ?? []) as { index: number; room_type: string | null }[];
    for (const item of analysis) {
      const photoId = photoIds[item.index];
      const roomType = item.room_type ? normalizeRoomType(item.room_type) : null;
      if (photoId && roomType && !analysed.has(photoId)) analysed.set(photoId, roomType);
    }
  }
  return projectPhotos.map((photo): { photoId: string; roomType: RoomType | null; source: RoomTypeSource | null } => {
    const fromPhoto = photo.fromPixels ?? analysed.get(photo.id) ?? null;
    if (fromPhoto) return { photoId: photo.id, roomType: fromPhoto, source: "photo" };
    const fromName = roomTypeFromName(photo.fileName);
    return { photoId: photo.id, roomType: fromName, source: fromName ? "file_name" : null };
  });
}
