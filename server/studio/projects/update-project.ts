import "server-only";
import { and, eq } from "drizzle-orm";
import { projects } from "@/db/schema/studio";
import { AppError } from "@/server/errors";
import type { StudioContext } from "../context";
import type { ProjectFields } from "./project-fields";

export async function updateProject(
  ctx: StudioContext,
  input: { workspaceId: string; projectId: string; fields: ProjectFields },
): Promise<void> {
  const updated = await ctx.db
    .update(projects)
    .set({ ...input.fields, updatedAt: ctx.now() })
    .where(and(eq(projects.id, input.projectId), eq(projects.workspaceId, input.workspaceId)))
    .returning({ id: projects.id });
  if (updated.length === 0) throw new AppError("not_found", "Project not found.");
}
