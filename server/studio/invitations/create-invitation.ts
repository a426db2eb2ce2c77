import "server-only";
import crypto from "node:crypto";
import { and, eq } from "drizzle-orm";
import { invitations, users, workspaces } from "@/db/schema/studio";
import { emailLink } from "@/server/email/link-url";
import { sendEmail } from "@/server/email/send-email";
import { invitationEmail } from "@/server/email/templates";
import { AppError } from "@/server/errors";
import { secret } from "@/server/secrets";
import type { StudioContext } from "../context";
import { canManageRole } from "@/shared/roles";
import { ROLE_LABELS, type WorkspaceRole } from "@/shared/vocabulary";
import { hashSecretToken, newSecretToken } from "../secret-token";
import { INVITATION_TTL_MS } from "./token";

/**
 * Creates an invitation link valid for 7 days. The token is returned once, here; only
 * its hash is stored, so the link cannot be shown again (a new one can be made). With an
 * address, the link is also mailed there (`emailSent` says whether that worked).
 *
 * With a request id the token is derived from it (keyed with the deployment's secret), so
 * a repeat of the same action returns the same invitation and link, and mails nothing.
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
    requestId?: string;
  },
): Promise<{ id: string; token: string; expiresAt: Date; emailSent: boolean | null }> {
  if (!canManageRole(input.actorRole, input.role)) throw new AppError("forbidden");
  const token = input.requestId ? tokenForRequest(input.workspaceId, input.requestId) : newSecretToken();
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
      requestId: input.requestId ?? null,
    })
    // No conflict target: a repeat collides on (workspace, request id) or, when it races
    // the first insert, on the token hash derived from the same request id; both mean
    // "the first request made it". A fresh random token never collides in practice.
    .onConflictDoNothing()
    .returning({ id: invitations.id, email: invitations.email });
  if (!row) {
    const [first] = await ctx.db
      .select({ id: invitations.id, expiresAt: invitations.expiresAt, email: invitations.email })
      .from(invitations)
      .where(and(eq(invitations.workspaceId, input.workspaceId), eq(invitations.requestId, input.requestId!)));
    // A repeat answers like the first: the first request mails the address (a repeat
    // never mails again), so a retry whose first answer was lost still says it was sent.
    return { id: first.id, token, expiresAt: first.expiresAt, emailSent: first.email ? true : null };
  }
  const emailSent = row.email ? await mailInvitation(ctx, { ...input, email: row.email, token }) : null;
  return { id: row.id, token, expiresAt, emailSent };
}

function tokenForRequest(workspaceId: string, requestId: string): string {
  return crypto.createHmac("sha256", secret("AUTH_SECRET")).update(`invitation:${workspaceId}:${requestId}`).digest().subarray(0, 24).toString("base64url");
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
