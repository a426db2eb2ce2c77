import { invitations } from "@/db/schema/studio";
import { AppError } from "@/server/errors";
import type { StudioContext } from "../context";
import { canManageRole, type WorkspaceRole } from "@/shared/roles";
import { hashInvitationToken, INVITATION_TTL_MS, newInvitationToken } from "./token";

/**
 * Creates an invitation link valid for 7 days. The token is returned once, here; only
 * its hash is stored, so the link cannot be shown again (a new one can be made).
 */
export async function createInvitation(
  ctx: StudioContext,
  input: { workspaceId: string; actorRole: WorkspaceRole; invitedBy: string; role: "admin" | "agent"; email?: string },
): Promise<{ id: string; token: string; expiresAt: Date }> {
  if (!canManageRole(input.actorRole, input.role)) throw new AppError("forbidden");
  const token = newInvitationToken();
  const expiresAt = new Date(ctx.now().getTime() + INVITATION_TTL_MS);
  const [row] = await ctx.db
    .insert(invitations)
    .values({
      workspaceId: input.workspaceId,
      tokenHash: hashInvitationToken(token),
      role: input.role,
      email: input.email?.trim().toLowerCase() || null,
      invitedBy: input.invitedBy,
      expiresAt,
    })
    .returning({ id: invitations.id });
  return { id: row.id, token, expiresAt };
}
