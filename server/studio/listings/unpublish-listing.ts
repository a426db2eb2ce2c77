/**
 * Takes the listing page down: its link stops working at once (its images within the
 * public links' lifetime). The versions stay, and the draft is untouched; publishing
 * again makes the next version at a new link. Who may is the role table's
 * `unpublish_listing`, checked by the procedure. The audit log records the version that
 * was live (once, when the page was published).
 */
import "server-only";
import { and, eq, isNull } from "drizzle-orm";
import { shareLinks } from "@/db/schema/studio-generations";
import { recordAudit } from "../audit/record-audit";
import type { StudioContext } from "../context";
import { getProject } from "../projects/get-project";
import { liveVersion } from "./published-listing";

export async function unpublishListing(
  ctx: Pick<StudioContext, "db" | "now">,
  input: { workspaceId: string; projectId: string; userId: string; ip?: string },
) {
  const project = await getProject(ctx, input);
  await ctx.db.transaction(async (tx) => {
    const live = await liveVersion({ db: tx }, input);
    const revoked = await tx
      .update(shareLinks)
      .set({ revokedAt: ctx.now() })
      .where(and(eq(shareLinks.workspaceId, input.workspaceId), eq(shareLinks.projectId, input.projectId), isNull(shareLinks.revokedAt)))
      .returning({ id: shareLinks.id });
    if (revoked.length > 0) {
      await recordAudit(tx, {
        workspaceId: input.workspaceId,
        actorUserId: input.userId,
        action: "listing_unpublished",
        target: project.address,
        detail: live ? { version: live.number } : {},
        ip: input.ip,
      });
    }
  });
  return { unpublished: true };
}
