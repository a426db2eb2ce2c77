/**
 * A project's listing page as the team curates it: which results it shows, in what
 * order and with what captions, and the description on it. Publishing and unpublishing
 * are in routers/exports.ts (the page's public link). Each procedure validates, calls one
 * verb in server/studio/listings, and returns.
 */
import "server-only";
import { z } from "zod";
import { setListingDescription } from "@/server/studio/listings/set-listing-description";
import { setListingPicks } from "@/server/studio/listings/set-listing-picks";
import { SetListingDescriptionSchema, SetListingPicksSchema } from "@/server/studio/listings/set-listing-picks.schema";
import { showListing } from "@/server/studio/listings/show-listing";
import { router, workspaceProcedure } from "../procedures";

export const listingsRouter = router({
  show: workspaceProcedure()
    .input(z.object({ projectId: z.uuid() }))
    .query(({ ctx, input }) => showListing(ctx.studio, { workspaceId: ctx.workspace.id, projectId: input.projectId })),

  setPicks: workspaceProcedure()
    .input(SetListingPicksSchema)
    .mutation(({ ctx, input }) => setListingPicks(ctx.studio, { ...input, workspaceId: ctx.workspace.id })),

  setDescription: workspaceProcedure()
    .input(SetListingDescriptionSchema)
    .mutation(({ ctx, input }) => setListingDescription(ctx.studio, { ...input, workspaceId: ctx.workspace.id, userId: ctx.user.id })),
});
