import "server-only";
import { and, eq, isNull } from "drizzle-orm";
import { invitations } from "@/db/schema/studio";
import { AppError } from "@/server/errors";
import type { StudioContext } from "../context";

export async function revokeInvitation(ctx: StudioContext, input: { workspaceId: string; invitationId: string }): Promise<void> {
  const revoked = await ctx.db
    .update(invitations)
    .set({ revokedAt: ctx.now() })
    .where(
      and(
        eq(invitations.id, input.invitationId),
        eq(invitations.workspaceId, input.workspaceId),
        isNull(invitations.acceptedAt),
        isNull(invitations.revokedAt),
      ),
    )
    .returning({ id: invitations.id });
  if (revoked.length === 0) throw new AppError("not_found", "This invitation is no longer pending.");
}
