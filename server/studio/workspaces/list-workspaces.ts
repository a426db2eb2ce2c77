import "server-only";
import { asc, eq } from "drizzle-orm";
import { members, workspaces } from "@/db/schema/studio";
import { permissionsOf, type AgentGrant, type Permission } from "@/shared/roles";
import type { WorkspaceRole } from "@/shared/vocabulary";
import type { StudioContext } from "../context";

export interface WorkspaceSummary {
  id: string;
  slug: string;
  name: string;
  role: WorkspaceRole;
  /** What the person may do here beyond their work (shared/roles.ts): the role's, with the owners' grants to agents. */
  permissions: Permission[];
}

/** The columns a summary is made of, for any query that joins a membership to its workspace. */
export const summaryColumns = {
  id: workspaces.id,
  slug: workspaces.slug,
  name: workspaces.name,
  role: members.role,
  agentGrants: workspaces.agentGrants,
};

export function toSummary({
  agentGrants,
  ...row
}: Omit<WorkspaceSummary, "permissions"> & { agentGrants: AgentGrant[] }): WorkspaceSummary {
  return { ...row, permissions: permissionsOf(row.role, agentGrants) };
}

/** The workspaces a person belongs to, with their role and permissions in each. */
export async function listWorkspaces(ctx: Pick<StudioContext, "db">, input: { userId: string }): Promise<WorkspaceSummary[]> {
  const rows = await ctx.db
    .select(summaryColumns)
    .from(members)
    .innerJoin(workspaces, eq(workspaces.id, members.workspaceId))
    .where(eq(members.userId, input.userId))
    .orderBy(asc(workspaces.name));
  return rows.map(toSummary);
}
