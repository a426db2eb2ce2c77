/**
 * Replaces the results a project's listing page shows, in the given order and with their
 * captions. Only the project's finished images and videos can be picked; a result
 * deleted later leaves the list by itself (its pick goes with it).
 */
import "server-only";
import { and, eq, inArray, isNotNull } from "drizzle-orm";
import { generationOutputs, generations } from "@/db/schema/studio-generations";
import { listingPicks } from "@/db/schema/studio-listing-page";
import { AppError } from "@/server/errors";
import type { StudioContext } from "../context";
import { getProject } from "../projects/get-project";
import type { SetListingPicksInput } from "./set-listing-picks.schema";

export async function setListingPicks(ctx: Pick<StudioContext, "db">, input: SetListingPicksInput & { workspaceId: string }) {
  await getProject(ctx, input);
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
    await tx.delete(listingPicks).where(and(eq(listingPicks.workspaceId, input.workspaceId), eq(listingPicks.projectId, input.projectId)));
    if (input.picks.length === 0) return;
    await tx.insert(listingPicks).values(
      input.picks.map((pick, position) => ({
        workspaceId: input.workspaceId,
        projectId: input.projectId,
        outputId: pick.outputId,
        position,
        caption: pick.caption ? pick.caption : null,
      })),
    );
  });
  return { picked: input.picks.length };
}
