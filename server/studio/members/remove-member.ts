import "server-only";
import { and, eq } from "drizzle-orm";
import { members } from "@/db/schema/studio";
import type { StudioContext } from "../context";
import { recordAudit } from "../audit/record-audit";
import { handOverTo, settleMemberDeparture } from "../developers/member-departure";
import { loadManageableMember, type MemberChange } from "./load-target";

/**
 * Removes a member (or, with their own id, lets a member leave); the last owner cannot go.
 * The API keys and webhook endpoints they answer for are revoked, or handed to the owner
 * removing them when that owner chooses so (developers/member-departure.ts).
 */
export async function removeMember(ctx: Pick<StudioContext, "db" | "events" | "now">, input: MemberChange): Promise<void> {
  const handTo = handOverTo(input);
  await settleMemberDeparture(ctx, { ...input, handTo }, async (tx) => {
    const target = await loadManageableMember(tx, input);
    await tx.delete(members).where(and(eq(members.workspaceId, input.workspaceId), eq(members.userId, input.userId)));
    await recordAudit(tx, {
      workspaceId: input.workspaceId,
      actorUserId: input.actorUserId,
      action: "member_removed",
      target: target.email,
      detail: { role: target.role },
      ip: input.ip,
    });
    return { memberEmail: target.email, departure: input.actorUserId === input.userId ? "member_left" : "member_removed" };
  });
}
