import "server-only";
import { and, eq, isNull } from "drizzle-orm";
import { photos } from "@/db/schema/studio";
import { generationOutputs, generations } from "@/db/schema/studio-generations";
import { AppError } from "@/server/errors";
import type { StudioContext } from "../../context";
import type { ImageRef } from "./start-video.schema";

/** The storage key behind an image reference, only within the workspace's project. */
export async function resolveImage(
  ctx: Pick<StudioContext, "db">,
  input: { workspaceId: string; projectId: string; ref: ImageRef },
): Promise<{ storageKey: string; photoId: string | null }> {
  if (input.ref.type === "photo") {
    const [photo] = await ctx.db
      .select({ storageKey: photos.storageKey, id: photos.id })
      .from(photos)
      .where(
        and(
          eq(photos.id, input.ref.id),
          eq(photos.workspaceId, input.workspaceId),
          eq(photos.projectId, input.projectId),
          isNull(photos.deletedAt),
        ),
      );
    if (!photo) throw new AppError("not_found", "Photo not found in this project.");
    return { storageKey: photo.storageKey, photoId: photo.id };
  }
  const [output] = await ctx.db
    .select({ storageKey: generationOutputs.storageKey, contentType: generationOutputs.contentType })
    .from(generationOutputs)
    .innerJoin(generations, eq(generations.id, generationOutputs.generationId))
    .where(
      and(
        eq(generationOutputs.id, input.ref.id),
        eq(generations.workspaceId, input.workspaceId),
        eq(generations.projectId, input.projectId),
      ),
    );
  if (!output) throw new AppError("not_found", "Result not found in this project.");
  if (!output.storageKey || !output.contentType?.startsWith("image/"))
    throw new AppError("invalid_request", "That result is not a finished image.");
  return { storageKey: output.storageKey, photoId: null };
}
