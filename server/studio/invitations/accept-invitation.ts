import "server-only";
import { eq } from "drizzle-orm";
import { invitations, members, users, workspaces } from "@/db/schema/studio";
import { AppError } from "@/server/errors";
import { recordAudit } from "../audit/record-audit";
import type { StudioContext } from "../context";
import { hashSecretToken } from "../secret-token";
import { invitationAuditTarget } from "./pending-invitations";

const UNCONFIRMED =
  "Confirm your email address before joining a workspace: open the link we emailed you, or send it again from this page. This invitation stays valid meanwhile.";

/**
 * Joins the signed-in person to the invitation's workspace. A link is single-use; a
 * person already in the workspace keeps their current role (an invitation never demotes).
 * An invitation made for an address is accepted only by the person signed in with that
 * address: whoever else holds the link (forwarded, leaked, mistyped) is refused, and the
 * link stays usable for the right person. The address must be confirmed too, open links
 * included (round 4, N3): anyone can sign up with the invited address, only its owner can
 * confirm it.
 */
export async function acceptInvitation(
  ctx: StudioContext,
  input: { token: string; userId: string; ip?: string },
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
    const [person] = await tx
      .select({ email: users.email, verifiedAt: users.emailVerifiedAt })
      .from(users)
      .where(eq(users.id, input.userId));
    if (invitation.email && person?.email !== invitation.email) {
      throw new AppError("forbidden", `This invitation is for ${invitation.email}. Sign in with that address to accept it.`);
    }
    if (!person?.verifiedAt) throw new AppError("email_unconfirmed", UNCONFIRMED);
    const joined = await tx
      .insert(members)
      .values({ workspaceId: invitation.workspaceId, userId: input.userId, role: invitation.role })
      .onConflictDoNothing()
      .returning({ role: members.role });
    await tx.update(invitations).set({ acceptedAt: ctx.now(), acceptedBy: input.userId }).where(eq(invitations.id, invitation.id));
    const event = { workspaceId: invitation.workspaceId, actorUserId: input.userId, ip: input.ip };
    await recordAudit(tx, {
      ...event,
      action: "invitation_accepted",
      target: invitationAuditTarget(invitation),
      detail: { role: invitation.role },
    });
    if (joined.length > 0) {
      await recordAudit(tx, {
        ...event,
        action: "member_added",
        target: person?.email,
        detail: { role: invitation.role, via: "invitation" },
      });
    }
    const [workspace] = await tx.select({ slug: workspaces.slug }).from(workspaces).where(eq(workspaces.id, invitation.workspaceId));
    return { workspaceSlug: workspace.slug };
  });
}
