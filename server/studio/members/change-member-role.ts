import "server-only";
import { and, eq } from "drizzle-orm";
import { members } from "@/db/schema/studio";
import type { StudioContext } from "../context";
import type { WorkspaceRole } from "@/shared/vocabulary";
import { recordAudit } from "../audit/record-audit";
import { loadManageableMember } from "./load-target";

export async function changeMemberRole(
  ctx: Pick<StudioContext, "db">,
  input: { workspaceId: string; actorUserId: string; actorRole: WorkspaceRole; userId: string; role: WorkspaceRole; ip?: string },
): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const target = await loadManageableMember(tx, { ...input, newRole: input.role });
    if (target.role === input.role) return;
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
  });
}
