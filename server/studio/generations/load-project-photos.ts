import "server-only";
import { and, eq, inArray, isNull } from "drizzle-orm";
import { photos } from "@/db/schema/studio";
import { AppError } from "@/server/errors";
import type { StudioContext } from "../context";
import { getProject } from "../projects/get-project";

/**
 * The named photos of one project of the workspace, in the order asked. A photo of
 * another project or workspace is "not found", like a missing one.
 */
export async function loadProjectPhotos(
  ctx: Pick<StudioContext, "db">,
  input: { workspaceId: string; projectId: string; photoIds: string[] },
) {
  await getProject(ctx, input);
  const rows = await ctx.db
    .select()
    .from(photos)
    .where(
      and(
        eq(photos.workspaceId, input.workspaceId),
        eq(photos.projectId, input.projectId),
        inArray(photos.id, input.photoIds),
        isNull(photos.deletedAt),
      ),
    );
  const byId = new Map(rows.map((row) => [row.id, row]));
  return input.photoIds.map((id) => {
    const row = byId.get(id);
    if (!row) throw new AppError("not_found", "Photo not found in this project.");
    return row;
  });
}
