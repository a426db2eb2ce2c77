import "server-only";
import { eq } from "drizzle-orm";
import { members } from "@/db/schema/studio";
import { endAllSessions } from "@/server/auth/sessions";
import { recordAudit } from "../audit/record-audit";
import type { StudioContext } from "../context";

/**
 * "Sign out on all devices": every session of the person ends, and each workspace they
 * belong to records it in its audit log (a person acting on a stolen session is a
 * workspace's concern too). Returns how many sessions ended.
 */
export async function signOutEverywhere(ctx: Pick<StudioContext, "db">, input: { userId: string; ip: string }): Promise<number> {
  return ctx.db.transaction(async (tx) => {
    const ended = await endAllSessions(tx, input.userId);
    const memberships = await tx.select({ workspaceId: members.workspaceId }).from(members).where(eq(members.userId, input.userId));
    for (const { workspaceId } of memberships) {
      await recordAudit(tx, {
        workspaceId,
        actorUserId: input.userId,
        action: "signed_out_everywhere",
        detail: { sessions_ended: ended },
        ip: input.ip,
      });
    }
    return ended;
  });
}
