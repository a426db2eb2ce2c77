/**
 * The description of the listing page's draft: text the agent reviewed and saved for the
 * page (null or empty takes it off), public once the draft is published. Nothing else
 * reaches the page's copy: not the project's notes, not a description run until it is
 * put here. Each edit is in the audit log.
 */
import "server-only";
import { listingPages } from "@/db/schema/studio-listing-page";
import type { StudioContext } from "../context";
import { getProject } from "../projects/get-project";
import { loadDraft } from "./load-listing";
import { recordDraftEdit } from "./record-draft-edit";

export async function setListingDescription(
  ctx: Pick<StudioContext, "db" | "now">,
  input: { workspaceId: string; projectId: string; userId: string; description: string | null; ip?: string },
) {
  const project = await getProject(ctx, input);
  const description = input.description ? input.description : null;
  await ctx.db.transaction(async (tx) => {
    const before = await loadDraft({ db: tx }, input);
    await tx
      .insert(listingPages)
      .values({ projectId: input.projectId, workspaceId: input.workspaceId, description, updatedBy: input.userId, updatedAt: ctx.now() })
      .onConflictDoUpdate({ target: listingPages.projectId, set: { description, updatedBy: input.userId, updatedAt: ctx.now() } });
    await recordDraftEdit(tx, { ...input, address: project.address, before });
  });
  return { description };
}
