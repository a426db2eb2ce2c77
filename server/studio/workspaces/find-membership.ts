import "server-only";
import { and, eq } from "drizzle-orm";
import { members, workspaces } from "@/db/schema/studio";
import type { StudioContext } from "../context";
import { summaryColumns, toSummary, type WorkspaceSummary } from "./list-workspaces";

/**
 * The workspace and the person's role and permissions in it, by id or slug; null when the workspace
 * does not exist or they are not a member (callers must not tell the two apart).
 */
export async function findMembership(
  ctx: Pick<StudioContext, "db">,
  input: { userId: string } & ({ workspaceId: string } | { slug: string }),
): Promise<WorkspaceSummary | null> {
  const match = "workspaceId" in input ? eq(workspaces.id, input.workspaceId) : eq(workspaces.slug, input.slug);
  const [row] = await ctx.db
    .select(summaryColumns)
    .from(workspaces)
    .innerJoin(members, and(eq(members.workspaceId, workspaces.id), eq(members.userId, input.userId)))
    .where(match);
  return row ? toSummary(row) : null;
}
