import "server-only";
import { eq } from "drizzle-orm";
import { photos } from "@/db/schema/studio";
import { generationOutputs } from "@/db/schema/studio-generations";
import { deleteDerivatives } from "@/server/images/derivatives";
import type { StudioContext } from "../context";

/**
 * Removes a photo's original and its copies once nothing shows them any more: no photo
 * row holds the key (a deleted photo keeps its row until it is purged after the undo
 * window, and that purge calls this too) and no result names it as its "before" image.
 * Called by both ends, the purge of the photo and the delete of a result, so whichever
 * comes last removes the file. Each check reads committed rows after its own caller's
 * delete, so two callers racing each other see at least one of the two deletes.
 * Only this workspace's photo originals qualify: a result made from another result
 * names that result's file, which goes with its own run.
 */
export async function removeUnusedOriginal(ctx: StudioContext, input: { workspaceId: string; key: string }): Promise<boolean> {
  if (!isPhotoKeyOf(input.workspaceId, input.key)) return false;
  const [[photo], [usedBy]] = await Promise.all([
    ctx.db.select({ id: photos.id }).from(photos).where(eq(photos.storageKey, input.key)).limit(1),
    ctx.db.select({ id: generationOutputs.id }).from(generationOutputs).where(eq(generationOutputs.sourceKey, input.key)).limit(1),
  ]);
  if (photo || usedBy) return false;
  await ctx.storage.delete(input.key);
  await deleteDerivatives(ctx.storage, input.key);
  return true;
}

/** A photo original of the workspace: under photos/, or uploads/ for photos confirmed before issue 14 moved them. */
function isPhotoKeyOf(workspaceId: string, key: string): boolean {
  const [root, workspace, projects, , folder] = key.split("/");
  return root === "studio" && workspace === workspaceId && projects === "projects" && (folder === "photos" || folder === "uploads");
}
