import "server-only";
import { and, eq } from "drizzle-orm";
import { members } from "@/db/schema/studio";
import type { StudioContext } from "../context";
import type { WorkspaceRole } from "@/shared/vocabulary";
import { recordAudit } from "../audit/record-audit";
import { loadManageableMember } from "./load-target";

/** Removes a member; the last owner cannot be removed. */
export async function removeMember(
  ctx: Pick<StudioContext, "db">,
  input: { workspaceId: string; actorUserId: string; actorRole: WorkspaceRole; userId: string; ip?: string },
): Promise<void> {
  await ctx.db.transaction(async (tx) => {
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
  });
}
