import "server-only";
import type { Tx } from "@/db/client";
import { invitations } from "@/db/schema/studio";
import type { WorkspaceRole } from "@/shared/vocabulary";
import { pendingInvitations, sentBy } from "./pending-invitations";

/**
 * Withdraws the pending invitations a person sent in a workspace: they saw each link when
 * they made it, so a link they still hold would let them (or anyone they give it to) back
 * in after they left. Returns what was withdrawn, for the audit log.
 */
export async function revokeInvitationsSentBy(
  tx: Tx,
  input: { workspaceId: string; userId: string; now: Date },
): Promise<{ email: string | null; role: WorkspaceRole }[]> {
  return tx
    .update(invitations)
    .set({ revokedAt: input.now })
    .where(pendingInvitations(sentBy(input), input.now))
    .returning({ email: invitations.email, role: invitations.role });
}
