import "server-only";
import { and, eq, isNull } from "drizzle-orm";
import { shareLinks } from "@/db/schema/studio-generations";
import { recordAudit } from "../audit/record-audit";
import type { StudioContext } from "../context";
import { getProject } from "../projects/get-project";

/** Turns the project's share link off; the audit log records the listing page unpublished (once, when a link was live). */
export async function revokeShareLink(
  ctx: Pick<StudioContext, "db" | "now">,
  input: { workspaceId: string; projectId: string; userId: string; ip?: string },
) {
  const project = await getProject(ctx, input);
  await ctx.db.transaction(async (tx) => {
    const revoked = await tx
      .update(shareLinks)
      .set({ revokedAt: ctx.now() })
      .where(and(eq(shareLinks.workspaceId, input.workspaceId), eq(shareLinks.projectId, input.projectId), isNull(shareLinks.revokedAt)))
      .returning({ id: shareLinks.id });
    if (revoked.length > 0) {
      await recordAudit(tx, { workspaceId: input.workspaceId, actorUserId: input.userId, action: "listing_unpublished", target: project.address, ip: input.ip });
    }
  });
  return { revoked: true };
}
