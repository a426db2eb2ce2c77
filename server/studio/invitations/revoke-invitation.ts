import "server-only";
import { and, eq } from "drizzle-orm";
import { invitations } from "@/db/schema/studio";
import { AppError } from "@/server/errors";
import { recordAudit } from "../audit/record-audit";
import type { StudioContext } from "../context";
import { invitationAuditTarget, pendingInvitations } from "./pending-invitations";

export async function revokeInvitation(
  ctx: StudioContext,
  input: { workspaceId: string; invitationId: string; actorUserId: string; ip?: string },
): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const [revoked] = await tx
      .update(invitations)
      .set({ revokedAt: ctx.now() })
      .where(pendingInvitations(and(eq(invitations.id, input.invitationId), eq(invitations.workspaceId, input.workspaceId))))
      .returning({ email: invitations.email, role: invitations.role });
    if (!revoked) throw new AppError("not_found", "This invitation is no longer pending.");
    await recordAudit(tx, {
      workspaceId: input.workspaceId,
      actorUserId: input.actorUserId,
      action: "invitation_revoked",
      target: invitationAuditTarget(revoked),
      detail: { role: revoked.role },
      ip: input.ip,
    });
  });
}
