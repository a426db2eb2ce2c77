import "server-only";
import { and, desc, eq, gt, isNull } from "drizzle-orm";
import { invitations } from "@/db/schema/studio";
import type { StudioContext } from "../context";

/** Invitations still usable: not accepted, not revoked, not expired. */
export async function listInvitations(ctx: StudioContext, input: { workspaceId: string }) {
  return ctx.db
    .select({
      id: invitations.id,
      role: invitations.role,
      email: invitations.email,
      expiresAt: invitations.expiresAt,
      createdAt: invitations.createdAt,
    })
    .from(invitations)
    .where(
      and(
        eq(invitations.workspaceId, input.workspaceId),
        isNull(invitations.acceptedAt),
        isNull(invitations.revokedAt),
        gt(invitations.expiresAt, ctx.now()),
      ),
    )
    .orderBy(desc(invitations.createdAt));
}
