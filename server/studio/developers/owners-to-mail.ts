import "server-only";
import { and, eq, type SQL } from "drizzle-orm";
import type { Database } from "@/db/client";
import { members, users, workspaces } from "@/db/schema/studio";
import { OWNER } from "@/shared/roles";

/** The owners of the workspace `which` picks, with what a mail to each needs: their address and name, the workspace's name and slug. */
export function ownersToMail(db: Database, which: SQL): Promise<{ email: string; name: string; workspaceName: string; slug: string }[]> {
  return db
    .select({ email: users.email, name: users.name, workspaceName: workspaces.name, slug: workspaces.slug })
    .from(workspaces)
    .innerJoin(members, and(eq(members.workspaceId, workspaces.id), eq(members.role, OWNER)))
    .innerJoin(users, eq(users.id, members.userId))
    .where(which);
}
