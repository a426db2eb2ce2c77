import "server-only";
import { and, eq, sql } from "drizzle-orm";
import { members, users, workspaces } from "@/db/schema/studio";
import type { Tx } from "@/db/client";
import { AppError } from "@/server/errors";
import { canManageRole, OWNER } from "@/shared/roles";
import type { MemberCredentialChoice, WorkspaceRole } from "@/shared/vocabulary";

/** A change of one member by an owner or admin, or by the operator at the command line. */
export interface MemberChange {
  workspaceId: string;
  /** null: the operator at the command line, who names the owner to hand things to (`handTo`). */
  actorUserId: string | null;
  actorRole: WorkspaceRole;
  userId: string;
  /** What becomes of the API keys and webhook endpoints the member answers for. */
  credentials?: MemberCredentialChoice;
  handTo?: string;
  ip?: string;
}

/**
 * Loads the member an admin wants to change and refuses what would break the
 * workspace: touching a role above one's own, or leaving it without an owner. The
 * workspace row is locked first, so membership changes of one workspace run one after
 * another: two owners demoting each other at once cannot both see "another owner left".
 */
export async function loadManageableMember(
  tx: Tx,
  input: { workspaceId: string; actorRole: WorkspaceRole; userId: string; newRole?: WorkspaceRole },
): Promise<{ role: WorkspaceRole; email: string }> {
  await tx.select({ id: workspaces.id }).from(workspaces).where(eq(workspaces.id, input.workspaceId)).for("update");
  const [target] = await tx
    .select({ role: members.role, email: sql<string>`(select ${users.email} from ${users} where ${users.id} = ${members.userId})` })
    .from(members)
    .where(and(eq(members.workspaceId, input.workspaceId), eq(members.userId, input.userId)))
    .for("update");
  if (!target) throw new AppError("not_found", "This person is not a member of the workspace.");
  if (!canManageRole(input.actorRole, target.role) || (input.newRole && !canManageRole(input.actorRole, input.newRole))) {
    throw new AppError("forbidden", "Only an owner can change or remove an owner.");
  }
  if (target.role === OWNER && input.newRole !== OWNER) {
    const [{ owners }] = await tx
      .select({ owners: sql<number>`count(*)::int` })
      .from(members)
      .where(and(eq(members.workspaceId, input.workspaceId), eq(members.role, OWNER)));
    if (owners <= 1) throw new AppError("conflict", "A workspace needs at least one owner.");
  }
  return target;
}
