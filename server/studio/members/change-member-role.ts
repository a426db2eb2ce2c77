import "server-only";
import { and, eq } from "drizzle-orm";
import { members } from "@/db/schema/studio";
import type { StudioContext } from "../context";
import type { WorkspaceRole } from "@/shared/vocabulary";
import { loadManageableMember } from "./load-target";

export async function changeMemberRole(
  ctx: Pick<StudioContext, "db">,
  input: { workspaceId: string; actorRole: WorkspaceRole; userId: string; role: WorkspaceRole },
): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    await loadManageableMember(tx, { ...input, newRole: input.role });
    await tx
      .update(members)
      .set({ role: input.role })
      .where(and(eq(members.workspaceId, input.workspaceId), eq(members.userId, input.userId)));
  });
}
