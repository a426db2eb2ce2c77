import "server-only";
import { asc, eq } from "drizzle-orm";
import { members, users } from "@/db/schema/studio";
import type { StudioContext } from "../context";
import type { WorkspaceRole } from "@/shared/vocabulary";

export interface MemberRow {
  userId: string;
  name: string;
  email: string;
  role: WorkspaceRole;
  joinedAt: Date;
}

export async function listMembers(ctx: Pick<StudioContext, "db">, input: { workspaceId: string }): Promise<MemberRow[]> {
  return ctx.db
    .select({ userId: users.id, name: users.name, email: users.email, role: members.role, joinedAt: members.createdAt })
    .from(members)
    .innerJoin(users, eq(users.id, members.userId))
    .where(eq(members.workspaceId, input.workspaceId))
    .orderBy(asc(members.createdAt));
}
