import "server-only";
import { eq } from "drizzle-orm";
import { invitations, users, workspaces } from "@/db/schema/studio";
import type { StudioContext } from "../context";
import { hashSecretToken } from "../secret-token";

export type InvitationState = "pending" | "expired" | "accepted" | "revoked";

export interface InvitationPreview {
  workspaceName: string;
  workspaceSlug: string;
  role: "admin" | "agent" | "owner";
  invitedByName: string | null;
  /** The address the invitation was made for, prefilled on sign-up; null for an open link. */
  email: string | null;
  state: InvitationState;
  expiresAt: Date;
}

/** What the invite page shows to anyone holding the link; null for an unknown token. */
export async function showInvitation(ctx: StudioContext, input: { token: string }): Promise<InvitationPreview | null> {
  const [row] = await ctx.db
    .select({
      workspaceName: workspaces.name,
      workspaceSlug: workspaces.slug,
      role: invitations.role,
      invitedByName: users.name,
      email: invitations.email,
      expiresAt: invitations.expiresAt,
      acceptedAt: invitations.acceptedAt,
      revokedAt: invitations.revokedAt,
    })
    .from(invitations)
    .innerJoin(workspaces, eq(workspaces.id, invitations.workspaceId))
    .leftJoin(users, eq(users.id, invitations.invitedBy))
    .where(eq(invitations.tokenHash, hashSecretToken(input.token)));
  if (!row) return null;
  const state: InvitationState = row.revokedAt
    ? "revoked"
    : row.acceptedAt
      ? "accepted"
      : row.expiresAt <= ctx.now()
        ? "expired"
        : "pending";
  return {
    workspaceName: row.workspaceName,
    workspaceSlug: row.workspaceSlug,
    role: row.role,
    invitedByName: row.invitedByName,
    email: row.email,
    state,
    expiresAt: row.expiresAt,
  };
}
