import "server-only";
import { and, eq } from "drizzle-orm";
import { projects } from "@/db/schema/studio";
import { AppError } from "@/server/errors";
import type { StudioContext } from "../context";

/** Archives (hides from the list, keeps everything) or restores a project. */
export async function setProjectArchived(
  ctx: StudioContext,
  input: { workspaceId: string; projectId: string; archived: boolean },
): Promise<void> {
  const updated = await ctx.db
    .update(projects)
    .set({ archivedAt: input.archived ? ctx.now() : null, updatedAt: ctx.now() })
    .where(and(eq(projects.id, input.projectId), eq(projects.workspaceId, input.workspaceId)))
    .returning({ id: projects.id });
  if (updated.length === 0) throw new AppError("not_found", "Project not found.");
}
