import "server-only";
import { and, eq } from "drizzle-orm";
import { projects } from "@/db/schema/studio";
import type { StudioContext } from "../context";
import type { ProjectFields } from "./project-fields";

/** Creates a project; a repeat of the same action (same request id) returns the first one. */
export async function createProject(
  ctx: Pick<StudioContext, "db">,
  input: { workspaceId: string; userId: string; fields: ProjectFields; requestId?: string },
): Promise<{ id: string }> {
  const [project] = await ctx.db
    .insert(projects)
    .values({ ...input.fields, workspaceId: input.workspaceId, createdBy: input.userId, requestId: input.requestId ?? null })
    .onConflictDoNothing({ target: [projects.workspaceId, projects.requestId] })
    .returning({ id: projects.id });
  if (project) return project;
  const [first] = await ctx.db
    .select({ id: projects.id })
    .from(projects)
    .where(and(eq(projects.workspaceId, input.workspaceId), eq(projects.requestId, input.requestId!)));
  return first;
}
