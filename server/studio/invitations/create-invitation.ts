import { eq } from "drizzle-orm";
import { invitations, users, workspaces } from "@/db/schema/studio";
import { emailLink } from "@/server/email/link-url";
import { sendEmail } from "@/server/email/send-email";
import { invitationEmail } from "@/server/email/templates";
import { AppError } from "@/server/errors";
import type { StudioContext } from "../context";
import { canManageRole, ROLE_LABELS, type WorkspaceRole } from "@/shared/roles";
import { hashSecretToken, newSecretToken } from "../secret-token";
import { INVITATION_TTL_MS } from "./token";

/**
 * Creates an invitation link valid for 7 days. The token is returned once, here; only
 * its hash is stored, so the link cannot be shown again (a new one can be made). With an
 * address, the link is also mailed there (`emailSent` says whether that worked).
 */
export async function createInvitation(
  ctx: StudioContext,
  input: {
    workspaceId: string;
    actorRole: WorkspaceRole;
    invitedBy: string;
    role: "admin" | "agent";
    email?: string;
    requestOrigin?: string | null;
  },
): Promise<{ id: string; token: string; expiresAt: Date; emailSent: boolean | null }> {
  if (!canManageRole(input.actorRole, input.role)) throw new AppError("forbidden");
  const token = newSecretToken();
  const expiresAt = new Date(ctx.now().getTime() + INVITATION_TTL_MS);
  const [row] = await ctx.db
    .insert(invitations)
    .values({
      workspaceId: input.workspaceId,
      tokenHash: hashSecretToken(token),
      role: input.role,
      email: input.email?.trim().toLowerCase() || null,
      invitedBy: input.invitedBy,
      expiresAt,
    })
    .returning({ id: invitations.id, email: invitations.email });
  const emailSent = row.email ? await mailInvitation(ctx, { ...input, email: row.email, token }) : null;
  return { id: row.id, token, expiresAt, emailSent };
}

async function mailInvitation(
  ctx: StudioContext,
  input: { workspaceId: string; invitedBy: string; role: "admin" | "agent"; email: string; token: string; requestOrigin?: string | null },
): Promise<boolean> {
  const [workspace] = await ctx.db.select({ name: workspaces.name }).from(workspaces).where(eq(workspaces.id, input.workspaceId));
  const [inviter] = await ctx.db.select({ name: users.name }).from(users).where(eq(users.id, input.invitedBy));
  return sendEmail(
    invitationEmail({
      to: input.email,
      workspaceName: workspace.name,
      invitedByName: inviter?.name ?? null,
      roleLabel: ROLE_LABELS[input.role],
      link: emailLink(`/invite/${input.token}`, input.requestOrigin),
    }),
  );
}
