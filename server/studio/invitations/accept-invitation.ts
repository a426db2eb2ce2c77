import "server-only";
import { eq } from "drizzle-orm";
import { invitations, members, workspaces } from "@/db/schema/studio";
import { AppError } from "@/server/errors";
import type { StudioContext } from "../context";
import { hashSecretToken } from "../secret-token";

/**
 * Joins the signed-in person to the invitation's workspace. A link is single-use; a
 * person already in the workspace keeps their current role (an invitation never demotes).
 */
export async function acceptInvitation(
  ctx: StudioContext,
  input: { token: string; userId: string },
): Promise<{ workspaceSlug: string }> {
  return ctx.db.transaction(async (tx) => {
    const [invitation] = await tx
      .select()
      .from(invitations)
      .where(eq(invitations.tokenHash, hashSecretToken(input.token)))
      .for("update");
    if (!invitation || invitation.revokedAt) throw new AppError("not_found", "This invitation link is not valid.");
    if (invitation.acceptedAt) throw new AppError("conflict", "This invitation has already been used.");
    if (invitation.expiresAt <= ctx.now()) throw new AppError("conflict", "This invitation has expired. Ask for a new link.");
    await tx
      .insert(members)
      .values({ workspaceId: invitation.workspaceId, userId: input.userId, role: invitation.role })
      .onConflictDoNothing();
    await tx
      .update(invitations)
      .set({ acceptedAt: ctx.now(), acceptedBy: input.userId })
      .where(eq(invitations.id, invitation.id));
    const [workspace] = await tx.select({ slug: workspaces.slug }).from(workspaces).where(eq(workspaces.id, invitation.workspaceId));
    return { workspaceSlug: workspace.slug };
  });
}
