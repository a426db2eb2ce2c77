import "server-only";
import { and, eq } from "drizzle-orm";
import { members } from "@/db/schema/studio";
import type { StudioContext } from "../context";
import type { WorkspaceRole } from "@/shared/vocabulary";
import { hasPermission } from "@/shared/roles";
import { recordAudit } from "../audit/record-audit";
import { handOverTo, settleMemberDeparture } from "../developers/member-departure";
import { loadManageableMember, type MemberChange } from "./load-target";

/**
 * Changes a member's role. Made a role without manage_developers (an agent), they lose the Developers section, so the API
 * keys and webhook endpoints they answer for are revoked, or handed to the owner making
 * the change when that owner chooses so (developers/member-departure.ts).
 */
export async function changeMemberRole(
  ctx: Pick<StudioContext, "db" | "events" | "now">,
  input: MemberChange & { role: WorkspaceRole },
): Promise<void> {
  const handTo = hasPermission(input.role, "manage_developers") ? null : handOverTo(input);
  await settleMemberDeparture(ctx, { ...input, handTo }, async (tx) => {
    const target = await loadManageableMember(tx, { ...input, newRole: input.role });
    if (target.role === input.role) return null;
    await tx
      .update(members)
      .set({ role: input.role })
      .where(and(eq(members.workspaceId, input.workspaceId), eq(members.userId, input.userId)));
    await recordAudit(tx, {
      workspaceId: input.workspaceId,
      actorUserId: input.actorUserId,
      action: "member_role_changed",
      target: target.email,
      detail: { from: target.role, to: input.role },
      ip: input.ip,
    });
    return hasPermission(input.role, "manage_developers") ? null : { memberEmail: target.email, departure: "member_demoted" };
  });
}
