import { projects } from "@/db/schema/studio";
import type { StudioContext } from "../context";
import type { ProjectFields } from "./project-fields";

export async function createProject(
  ctx: Pick<StudioContext, "db">,
  input: { workspaceId: string; userId: string; fields: ProjectFields },
): Promise<{ id: string }> {
  const [project] = await ctx.db
    .insert(projects)
    .values({ ...input.fields, workspaceId: input.workspaceId, createdBy: input.userId })
    .returning({ id: projects.id });
  return project;
}
