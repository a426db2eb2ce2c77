import "server-only";
import { and, eq } from "drizzle-orm";
import { projects } from "@/db/schema/studio";
import { AppError } from "@/server/errors";
import type { StudioContext } from "../context";

/** One project of the workspace; another workspace's project is "not found". */
export async function getProject(ctx: Pick<StudioContext, "db">, input: { workspaceId: string; projectId: string }) {
  const [project] = await ctx.db
    .select()
    .from(projects)
    .where(and(eq(projects.id, input.projectId), eq(projects.workspaceId, input.workspaceId)));
  if (!project) throw new AppError("not_found", "Project not found.");
  return project;
}
