import "server-only";
import { eq } from "drizzle-orm";
import { invitations, users, workspaces } from "@/db/schema/studio";
import type { WorkspaceRole } from "@/shared/vocabulary";
import type { StudioContext } from "../context";
import { hashSecretToken } from "../secret-token";

export type InvitationState = "pending" | "expired" | "accepted" | "revoked";

export interface InvitationPreview {
  workspaceName: string;
  workspaceSlug: string;
  role: WorkspaceRole;
  invitedByName: string | null;
  /** The address the invitation was made for, prefilled on sign-up; null for an open link. */
  email: string | null;
  state: InvitationState;
  expiresAt: Date;
}

/** What the invite page shows to anyone holding the link; null for an unknown token. */
export async function showInvitation(ctx: StudioContext, input: { token: string }): Promise<InvitationPreview | null> {
  const [row] = await ctx.db
    .select({ invitation: invitations, workspaceName: workspaces.name, workspaceSlug: workspaces.slug, invitedByName: users.name })
    .from(invitations)
    .innerJoin(workspaces, eq(workspaces.id, invitations.workspaceId))
    .leftJoin(users, eq(users.id, invitations.invitedBy))
    .where(eq(invitations.tokenHash, hashSecretToken(input.token)));
  if (!row) return null;
  const { role, email, expiresAt, acceptedAt, revokedAt } = row.invitation;
  const state: InvitationState = revokedAt ? "revoked" : acceptedAt ? "accepted" : expiresAt <= ctx.now() ? "expired" : "pending";
  return {
    workspaceName: row.workspaceName,
    workspaceSlug: row.workspaceSlug,
    role,
    invitedByName: row.invitedByName,
    email,
    state,
    expiresAt,
  };
}
