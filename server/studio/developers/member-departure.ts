/**
 * What leaves with a member (round 4, N1). A removal, a member leaving, or a change of role
 * to agent (who has no Developers section) runs through here: in the transaction of the
 * change itself, the API keys and webhook endpoints the member answers for (made, or
 * handed to them) are revoked (keys refused on every instance before this returns,
 * endpoints turned off) or, as the owner making the change chooses, handed over to that
 * owner; the invitations they sent are withdrawn and the AI assistants they connected
 * (Connected apps) revoked either way: the links and the sign-ins were theirs. Each change
 * is in the audit log; the owners are mailed by a durable function.
 */
import "server-only";
import { and, eq, inArray } from "drizzle-orm";
import type { Tx } from "@/db/client";
import { members, users, workspaces } from "@/db/schema/studio";
import { memberDeparted, type MemberDepartureEvent } from "@/inngest/studio-events";
import { AppError } from "@/server/errors";
import { withKeyChangeAcknowledged } from "@/server/v1/services/keys/key-cache";
import { releaseHeldKeys } from "@/server/v1/services/keys/release-held-keys";
import { releaseHeldEndpoints } from "@/server/v1/services/webhooks/release-held-endpoints";
import type { MemberCredentialChoice, MemberDeparture, WorkspaceRole } from "@/shared/vocabulary";
import { hasPermission, rolesWith } from "@/shared/roles";
import { recordAudit } from "../audit/record-audit";
import type { StudioContext } from "../context";
import { invitationAuditTarget } from "../invitations/pending-invitations";
import { revokeInvitationsSentBy } from "../invitations/revoke-invitations-sent-by";
import { keyAuditTarget, studioActor } from "./developer-account";
import { connectedAppAuditTarget } from "./list-connected-apps";
import { revokeConnectedApps } from "./release-connected-apps";

export interface DepartureInput {
  workspaceId: string;
  /** The member leaving, removed or made an agent. */
  userId: string;
  /** Who makes the change; null for the operator at the command line. */
  actorUserId: string | null;
  /** The owner what the member held is handed to; null revokes it. */
  handTo: string | null;
  ip?: string;
}

/** What the change did to the membership: null when it settles nothing (the role stayed, or is still one that manages keys). */
export type MembershipChange = { memberEmail: string; departure: MemberDeparture } | null;

/**
 * Whom a choice hands things to: the owner making the change, or the owner the operator
 * names at the command line (`handTo`); never the person leaving. Whether that person is an
 * owner is checked again in the change's transaction.
 */
export function handOverTo(input: {
  credentials?: MemberCredentialChoice;
  actorUserId: string | null;
  actorRole: WorkspaceRole;
  userId: string;
  handTo?: string;
}): string | null {
  if (input.credentials !== "hand_over") return null;
  const to = input.handTo ?? input.actorUserId;
  if (!to) throw new AppError("invalid_request", "Name the owner to hand them to.");
  if (to === input.userId) {
    throw new AppError(
      "invalid_request",
      "What you hold cannot be handed to yourself as you leave: revoke it, or have an owner remove you and take it over.",
    );
  }
  if (!input.handTo && !hasPermission(input.actorRole, "take_over_credentials"))
    throw new AppError("forbidden", "Only an owner can take over a member's API keys and webhook endpoints; an admin can revoke them.");
  return to;
}

export async function settleMemberDeparture(
  ctx: Pick<StudioContext, "db" | "events" | "now">,
  input: DepartureInput,
  change: (tx: Tx) => Promise<MembershipChange>,
): Promise<MemberDepartureEvent | null> {
  const now = ctx.now();
  const settled = await withKeyChangeAcknowledged(ctx.db, async (tx, notify) => {
    const changed = await change(tx);
    if (!changed) return null;
    const handTo = input.handTo ? await ownerToHandTo(tx, input.workspaceId, input.handTo) : null;
    const [{ accountId }] = await tx
      .select({ accountId: workspaces.v1AccountId })
      .from(workspaces)
      .where(eq(workspaces.id, input.workspaceId));
    // First, so their keys are revoked with them and never handed over.
    const apps = await revokeConnectedApps(tx, { workspaceId: input.workspaceId, userId: input.userId, now, notify });
    const holder = studioActor(input.userId);
    const given = handTo ? studioActor(handTo.id) : null;
    // A workspace whose account another deployment manages has no keys or endpoints here.
    const keys = accountId ? await releaseHeldKeys(tx, { accountId, holder, handTo: given, now, notify }) : [];
    const endpoints = accountId ? await releaseHeldEndpoints(tx, { accountId, holder, handTo: given, now }) : [];
    const invitations = await revokeInvitationsSentBy(tx, { workspaceId: input.workspaceId, userId: input.userId, now });

    const event = { workspaceId: input.workspaceId, actorUserId: input.actorUserId, ip: input.ip };
    const detail = { reason: changed.departure, member: changed.memberEmail, ...(handTo ? { to: handTo.email } : {}) };
    for (const app of apps)
      await recordAudit(tx, {
        ...event,
        action: "connected_app_revoked",
        target: connectedAppAuditTarget(app),
        detail: { reason: changed.departure, member: changed.memberEmail, key: app.keyPrefix },
      });
    for (const key of keys)
      await recordAudit(tx, { ...event, action: handTo ? "api_key_handed_over" : "api_key_revoked", target: keyAuditTarget(key), detail });
    for (const { url } of endpoints)
      await recordAudit(tx, {
        ...event,
        action: handTo ? "webhook_endpoint_handed_over" : "webhook_endpoint_disabled",
        target: url,
        detail,
      });
    for (const invitation of invitations) {
      await recordAudit(tx, {
        ...event,
        action: "invitation_revoked",
        target: invitationAuditTarget(invitation),
        detail: { role: invitation.role, reason: changed.departure, member: changed.memberEmail },
      });
    }
    return {
      workspaceId: input.workspaceId,
      memberEmail: changed.memberEmail,
      departure: changed.departure,
      actorUserId: input.actorUserId,
      handedTo: handTo?.id ?? null,
      keys: keys.map(keyAuditTarget),
      endpoints: endpoints.map((endpoint) => endpoint.url),
      invitations: invitations.length,
    };
  });
  if (settled && settled.keys.length + settled.endpoints.length + settled.invitations > 0)
    await ctx.events.send(memberDeparted.create(settled));
  return settled;
}

async function ownerToHandTo(tx: Tx, workspaceId: string, userId: string): Promise<{ id: string; email: string }> {
  const [owner] = await tx
    .select({ id: users.id, email: users.email })
    .from(members)
    .innerJoin(users, eq(users.id, members.userId))
    .where(
      and(eq(members.workspaceId, workspaceId), eq(members.userId, userId), inArray(members.role, rolesWith("take_over_credentials"))),
    );
  if (!owner) throw new AppError("forbidden", "Only an owner of the workspace can take over a member's API keys and webhook endpoints.");
  return owner;
}
