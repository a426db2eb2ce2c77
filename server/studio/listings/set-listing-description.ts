/**
 * The description the listing page shows: text the agent reviewed and saved for the page
 * (null or empty takes it off). Nothing else reaches the page's copy: not the project's
 * notes, not a description run until it is put here.
 */
import "server-only";
import { listingPages } from "@/db/schema/studio-listing-page";
import type { StudioContext } from "../context";
import { getProject } from "../projects/get-project";

export async function setListingDescription(
  ctx: Pick<StudioContext, "db" | "now">,
  input: { workspaceId: string; projectId: string; userId: string; description: string | null },
) {
  await getProject(ctx, input);
  const description = input.description ? input.description : null;
  await ctx.db
    .insert(listingPages)
    .values({ projectId: input.projectId, workspaceId: input.workspaceId, description, updatedBy: input.userId, updatedAt: ctx.now() })
    .onConflictDoUpdate({ target: listingPages.projectId, set: { description, updatedBy: input.userId, updatedAt: ctx.now() } });
  return { description };
}
