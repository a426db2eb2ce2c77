/** Who billing mail goes to: the members of a workspace who manage its billing (its owners). */
import "server-only";
import { and, eq, inArray } from "drizzle-orm";
import type { Tx } from "@/db/client";
import { members, users, workspaces } from "@/db/schema";
import { rolesWith } from "@/shared/roles";

export async function workspaceOwners(db: Tx, workspaceId: string): Promise<{ workspaceName: string; slug: string; emails: string[] }> {
  const rows = await db
    .select({ email: users.email, workspaceName: workspaces.name, slug: workspaces.slug })
    .from(members)
    .innerJoin(users, eq(users.id, members.userId))
    .innerJoin(workspaces, eq(workspaces.id, members.workspaceId))
    .where(and(eq(members.workspaceId, workspaceId), inArray(members.role, rolesWith("manage_billing"))));
  return { workspaceName: rows[0]?.workspaceName ?? "", slug: rows[0]?.slug ?? "", emails: rows.map((row) => row.email) };
}
