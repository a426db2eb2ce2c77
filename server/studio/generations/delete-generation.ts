/**
 * Deletes one finished workflow run and its stored outputs. A running one is refused:
 * its durable poll still writes to the row. Credit usage stays in the ledger (its
 * generation link is set null), because the credits were spent. A deleted photo's
 * original that only this run still showed as its "before" image goes too. Agents delete
 * their own runs; a teammate's run needs an owner or admin (shared/roles.ts). A run whose
 * result the published listing page shows is refused: the page, its remark and its zip
 * would lose a photo nobody published away.
 */
import "server-only";
import { and, eq, isNotNull } from "drizzle-orm";
import { generationOutputs, generations } from "@/db/schema/studio-generations";
import { listingVersionItems } from "@/db/schema/studio-listing-page";
import { AppError } from "@/server/errors";
import { mayDeleteWork } from "@/shared/roles";
import type { WorkspaceRole } from "@/shared/vocabulary";
import type { StudioContext } from "../context";
import { liveVersion } from "../listings/published-listing";
import { removeUnusedOriginal } from "../photos/remove-unused-original";
import { generationKeyPrefix } from "./import-output";

export async function deleteGeneration(
  ctx: StudioContext,
  input: { workspaceId: string; generationId: string; userId: string; role: WorkspaceRole },
): Promise<void> {
  const where = and(eq(generations.id, input.generationId), eq(generations.workspaceId, input.workspaceId));
  const [generation] = await ctx.db.select().from(generations).where(where);
  if (!generation) throw new AppError("not_found", "Result not found.");
  if (!mayDeleteWork(input.role, { createdBy: generation.createdBy, userId: input.userId })) {
    throw new AppError("forbidden", "Only owners and admins can delete a teammate's result.");
  }
  if (generation.status === "running") throw new AppError("conflict", "This run is still in progress; delete it once it has finished.");
  const live = await liveVersion(ctx, { workspaceId: generation.workspaceId, projectId: generation.projectId });
  if (live) {
    const [shown] = await ctx.db
      .select({ outputId: listingVersionItems.outputId })
      .from(listingVersionItems)
      .innerJoin(generationOutputs, eq(generationOutputs.id, listingVersionItems.outputId))
      .where(and(eq(listingVersionItems.versionId, live.id), eq(generationOutputs.generationId, generation.id)))
      .limit(1);
    if (shown) {
      throw new AppError(
        "conflict",
        `The published listing page (version ${live.number}) shows this result. Take it off the page and publish that change, or unpublish the page, before deleting it.`,
      );
    }
  }
  const sources = await ctx.db
    .selectDistinct({ key: generationOutputs.sourceKey })
    .from(generationOutputs)
    .where(and(eq(generationOutputs.generationId, generation.id), isNotNull(generationOutputs.sourceKey)));
  const [deleted] = await ctx.db
    .delete(generations)
    .where(and(where, eq(generations.status, generation.status)))
    .returning({ id: generations.id });
  if (!deleted) return;
  await ctx.storage.deletePrefix(generationKeyPrefix(generation));
  // After the run's rows are gone (its outputs cascade), so the check no longer counts them.
  for (const { key } of sources) await removeUnusedOriginal(ctx, { workspaceId: generation.workspaceId, key: key! });
}
