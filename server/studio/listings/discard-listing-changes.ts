/**
 * Throws the draft's unpublished changes away: the draft becomes the published version
 * again (its picks, order, captions and description; a redone result keeps its new
 * image, which is then its one change left). Refused when nothing is published, and
 * when the draft changed since the person reviewed it. Anyone who may edit the draft may
 * discard it; the audit log records what was discarded.
 */
import "server-only";
import { and, eq } from "drizzle-orm";
import { listingPages, listingPicks, listingVersionItems } from "@/db/schema/studio-listing-page";
import { AppError } from "@/server/errors";
import type { StudioContext } from "../context";
import { getProject } from "../projects/get-project";
import { loadDraft } from "./load-listing";
import { liveVersion } from "./published-listing";
import { recordDraftEdit } from "./record-draft-edit";

export async function discardListingChanges(
  ctx: Pick<StudioContext, "db" | "now">,
  input: { workspaceId: string; projectId: string; userId: string; reviewed: string; ip?: string },
) {
  const project = await getProject(ctx, input);
  const scope = { workspaceId: input.workspaceId, projectId: input.projectId };
  await ctx.db.transaction(async (tx) => {
    const live = await liveVersion({ db: tx }, input);
    if (!live) throw new AppError("conflict", "The listing page is not published: there is no published version to go back to.");
    const before = await loadDraft({ db: tx }, input);
    if (before.fingerprint !== input.reviewed) {
      throw new AppError("conflict", "The listing's draft changed since you reviewed it. Look at the changes again, then discard.");
    }
    const items = await tx
      .select()
      .from(listingVersionItems)
      .where(eq(listingVersionItems.versionId, live.id))
      .orderBy(listingVersionItems.position);
    await tx.delete(listingPicks).where(and(eq(listingPicks.workspaceId, input.workspaceId), eq(listingPicks.projectId, input.projectId)));
    const kept = items.filter((item) => item.outputId !== null);
    if (kept.length > 0) {
      await tx
        .insert(listingPicks)
        .values(kept.map((item, position) => ({ ...scope, outputId: item.outputId!, position, caption: item.caption })));
    }
    await tx
      .insert(listingPages)
      .values({ ...scope, description: live.description, updatedBy: input.userId, updatedAt: ctx.now() })
      .onConflictDoUpdate({
        target: listingPages.projectId,
        set: { description: live.description, updatedBy: input.userId, updatedAt: ctx.now() },
      });
    await recordDraftEdit(tx, { ...input, address: project.address, before, action: "listing_draft_discarded" });
  });
  return { discarded: true };
}
