import "server-only";
import { and, eq } from "drizzle-orm";
import { members } from "@/db/schema/studio";
import type { StudioContext } from "../context";
import type { WorkspaceRole } from "@/shared/vocabulary";
import { loadManageableMember } from "./load-target";

/** Removes a member; the last owner cannot be removed. */
export async function removeMember(
  ctx: Pick<StudioContext, "db">,
  input: { workspaceId: string; actorRole: WorkspaceRole; userId: string },
): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    await loadManageableMember(tx, input);
    await tx.delete(members).where(and(eq(members.workspaceId, input.workspaceId), eq(members.userId, input.userId)));
  });
}
