import "server-only";
import crypto from "node:crypto";
import { and, eq } from "drizzle-orm";
import { invitations } from "@/db/schema/studio";
import { emailLink } from "@/server/email/link-url";
import { sendBudgetedEmail } from "@/server/email/send-budgeted-email";
import { invitationEmail } from "@/server/email/templates";
import { AppError } from "@/server/errors";
import { secret } from "@/server/secrets";
import { recordAudit } from "../audit/record-audit";
import type { StudioContext } from "../context";
import { canManageRole } from "@/shared/roles";
import { ROLE_LABELS, type WorkspaceRole } from "@/shared/vocabulary";
import { hashSecretToken, newSecretToken } from "../secret-token";
import { invitationAuditTarget } from "./pending-invitations";
import { INVITATION_TTL_MS } from "./token";

/**
 * Creates an invitation link valid for 7 days. The token is returned once, here; only
 * its hash is stored, so the link cannot be shown again (a new one can be made). With an
 * address, only a person signed in with that address can accept it, and the link is also
 * mailed there, within the recipient's mail budget (`emailSent` says whether it went out).
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
    ip?: string;
  },
): Promise<{ id: string; token: string; expiresAt: Date; emailSent: boolean | null }> {
  if (!canManageRole(input.actorRole, input.role)) throw new AppError("forbidden");
  const token = input.requestId ? tokenForRequest(input.workspaceId, input.requestId) : newSecretToken();
  const expiresAt = new Date(ctx.now().getTime() + INVITATION_TTL_MS);
  const row = await ctx.db.transaction(async (tx) => {
    const [created] = await tx
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
    if (created) {
      await recordAudit(tx, {
        workspaceId: input.workspaceId,
        actorUserId: input.invitedBy,
        action: "invitation_sent",
        target: invitationAuditTarget(created),
        detail: { role: input.role },
        ip: input.ip,
      });
    }
    return created;
  });
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
  return crypto
    .createHmac("sha256", secret("AUTH_SECRET"))
    .update(`invitation:${workspaceId}:${requestId}`)
    .digest()
    .subarray(0, 24)
    .toString("base64url");
}

async function mailInvitation(
  ctx: StudioContext,
  input: { role: "admin" | "agent"; email: string; token: string; requestOrigin?: string | null },
): Promise<boolean> {
  return sendBudgetedEmail(
    ctx.db,
    invitationEmail({
      to: input.email,
      roleLabel: ROLE_LABELS[input.role],
      link: emailLink(`/invite/${input.token}`, input.requestOrigin),
    }),
  );
}
