/**
 * Replaces the results of the listing page's draft, in the given order and with their
 * captions: the public page changes only when someone publishes the draft. Only the
 * project's finished images and videos can be picked; a result deleted later leaves the
 * draft by itself (its pick goes with it). Each edit is in the audit log.
 */
import "server-only";
import { and, eq, inArray, isNotNull } from "drizzle-orm";
import { generationOutputs, generations } from "@/db/schema/studio-generations";
import { listingPicks } from "@/db/schema/studio-listing-page";
import { AppError } from "@/server/errors";
import type { StudioContext } from "../context";
import { getProject } from "../projects/get-project";
import { loadDraft } from "./load-listing";
import { recordDraftEdit } from "./record-draft-edit";
import type { SetListingPicksInput } from "./set-listing-picks.schema";

export async function setListingPicks(
  ctx: Pick<StudioContext, "db">,
  input: SetListingPicksInput & { workspaceId: string; userId: string; ip?: string },
) {
  const project = await getProject(ctx, input);
  const ids = input.picks.map((pick) => pick.outputId);
  const found = ids.length
    ? await ctx.db
        .select({ id: generationOutputs.id })
        .from(generationOutputs)
        .innerJoin(generations, eq(generations.id, generationOutputs.generationId))
        .where(
          and(
            inArray(generationOutputs.id, ids),
            eq(generations.workspaceId, input.workspaceId),
            eq(generations.projectId, input.projectId),
            isNotNull(generationOutputs.storageKey),
          ),
        )
    : [];
  if (found.length !== ids.length) throw new AppError("not_found", "A picked result is not a finished result of this project.");
  await ctx.db.transaction(async (tx) => {
    const before = await loadDraft({ db: tx }, input);
    await tx.delete(listingPicks).where(and(eq(listingPicks.workspaceId, input.workspaceId), eq(listingPicks.projectId, input.projectId)));
    if (input.picks.length > 0) {
      await tx.insert(listingPicks).values(
        input.picks.map((pick, position) => ({
          workspaceId: input.workspaceId,
          projectId: input.projectId,
          outputId: pick.outputId,
          position,
          caption: pick.caption ? pick.caption : null,
        })),
      );
    }
    await recordDraftEdit(tx, { ...input, address: project.address, before });
  });
  return { picked: input.picks.length };
}
