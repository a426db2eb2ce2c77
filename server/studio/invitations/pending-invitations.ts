import "server-only";
import { and, eq, gt, isNull, type SQL } from "drizzle-orm";
import { invitations } from "@/db/schema/studio";

/** Invitations still open among those `where` picks: neither accepted nor revoked, and with `now` not expired either. */
export function pendingInvitations(where: SQL | undefined, now?: Date): SQL | undefined {
  return and(where, isNull(invitations.acceptedAt), isNull(invitations.revokedAt), now ? gt(invitations.expiresAt, now) : undefined);
}

/** The invitations a member sent in a workspace. */
export function sentBy(input: { workspaceId: string; userId: string }): SQL | undefined {
  return and(eq(invitations.workspaceId, input.workspaceId), eq(invitations.invitedBy, input.userId));
}

/** How the audit log names an invitation: its address, or "open link" for a link anyone may use. */
export function invitationAuditTarget(invitation: { email: string | null }): string {
  return invitation.email ?? "open link";
}
