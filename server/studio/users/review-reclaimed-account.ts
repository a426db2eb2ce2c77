/**
 * When the owner of an address claims back an account someone else made with it (a
 * password reset on an account whose address was never confirmed: the reset link proves
 * the address, the password before it proved nothing), what that someone set up is undone
 * in the workspaces the account made: every other member goes (they were let in by
 * whoever held the password, an attacker's second account for one), the account is their
 * owner again, their pending invitations are revoked, and the API keys and webhook
 * endpoints held by the account or by the members removed are revoked and turned off
 * (developers/revoke-held-on-reclaim.ts). Each change is in the workspace's audit log. Workspaces the account only joined are left to their owners.
 * The starter credits wait for a workspace the confirmed owner makes
 * (reset-password.ts grants none here).
 */
import "server-only";
import { and, eq, exists, isNull, ne } from "drizzle-orm";
import type { Tx } from "@/db/client";
import { invitations, members, users, workspaces } from "@/db/schema/studio";
import { OWNER } from "@/shared/roles";
import { recordAudit } from "../audit/record-audit";
import { invitationAuditTarget } from "../invitations/pending-invitations";
import { revokeHeldOnReclaim } from "../developers/revoke-held-on-reclaim";

export async function reviewReclaimedAccount(ctx: { db: Tx; now: () => Date }, input: { userId: string; ip?: string }): Promise<void> {
  const [person] = await ctx.db.select({ email: users.email }).from(users).where(eq(users.id, input.userId));
  // Locked as membership changes lock them (members/load-target.ts).
  const made = await ctx.db
    .select({ workspaceId: workspaces.id })
    .from(workspaces)
    .where(
      and(
        eq(workspaces.createdBy, input.userId),
        exists(
          ctx.db
            .select()
            .from(members)
            .where(and(eq(members.workspaceId, workspaces.id), eq(members.userId, input.userId))),
        ),
      ),
    )
    .for("update");
  for (const { workspaceId } of made) {
    const event = { workspaceId, actorUserId: input.userId, ip: input.ip };
    const removed = await ctx.db
      .delete(members)
      .where(and(eq(members.workspaceId, workspaceId), ne(members.userId, input.userId)))
      .returning({ userId: members.userId, role: members.role });
    const holders = [{ userId: input.userId, email: person?.email ?? "" }];
    for (const member of removed) {
      const [removedPerson] = await ctx.db.select({ email: users.email }).from(users).where(eq(users.id, member.userId));
      await recordAudit(ctx.db, {
        ...event,
        action: "member_removed",
        target: removedPerson?.email,
        detail: { role: member.role, reason: "account_reclaimed" },
      });
      holders.push({ userId: member.userId, email: removedPerson?.email ?? "" });
    }
    await revokeHeldOnReclaim(ctx.db, { workspaceId, holders, actorUserId: input.userId, ip: input.ip, now: ctx.now() });
    await ctx.db
      .update(members)
      .set({ role: OWNER })
      .where(and(eq(members.workspaceId, workspaceId), eq(members.userId, input.userId)));
    const revoked = await ctx.db
      .update(invitations)
      .set({ revokedAt: ctx.now() })
      .where(and(eq(invitations.workspaceId, workspaceId), isNull(invitations.acceptedAt), isNull(invitations.revokedAt)))
      .returning({ email: invitations.email, role: invitations.role });
    for (const invitation of revoked) {
      await recordAudit(ctx.db, {
        ...event,
        action: "invitation_revoked",
        target: invitationAuditTarget(invitation),
        detail: { role: invitation.role, reason: "account_reclaimed" },
      });
    }
    await recordAudit(ctx.db, {
      ...event,
      action: "account_reclaimed",
      target: person?.email,
      detail: { members_removed: removed.length, invitations_revoked: revoked.length },
    });
  }
}
