/** Who billing mail goes to: the owners of a workspace. */
import "server-only";
import { and, eq } from "drizzle-orm";
import type { Tx } from "@/db/client";
import { members, users, workspaces } from "@/db/schema";

export async function workspaceOwners(db: Tx, workspaceId: string): Promise<{ workspaceName: string; slug: string; emails: string[] }> {
  const rows = await db
    .select({ email: users.email, workspaceName: workspaces.name, slug: workspaces.slug })
    .from(members)
    .innerJoin(users, eq(users.id, members.userId))
    .innerJoin(workspaces, eq(workspaces.id, members.workspaceId))
    .where(and(eq(members.workspaceId, workspaceId), eq(members.role, "owner")));
  return { workspaceName: rows[0]?.workspaceName ?? "", slug: rows[0]?.slug ?? "", emails: rows.map((row) => row.email) };
}
