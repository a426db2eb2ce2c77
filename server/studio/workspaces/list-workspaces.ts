import "server-only";
import { asc, eq } from "drizzle-orm";
import { members, workspaces } from "@/db/schema/studio";
import type { StudioContext } from "../context";
import type { WorkspaceRole } from "@/shared/vocabulary";

export interface WorkspaceSummary {
  id: string;
  slug: string;
  name: string;
  role: WorkspaceRole;
}

/** The workspaces a person belongs to, with their role in each. */
export async function listWorkspaces(ctx: Pick<StudioContext, "db">, input: { userId: string }): Promise<WorkspaceSummary[]> {
  return ctx.db
    .select({ id: workspaces.id, slug: workspaces.slug, name: workspaces.name, role: members.role })
    .from(members)
    .innerJoin(workspaces, eq(workspaces.id, members.workspaceId))
    .where(eq(members.userId, input.userId))
    .orderBy(asc(workspaces.name));
}
