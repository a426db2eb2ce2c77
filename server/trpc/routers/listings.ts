/**
 * A project's listing page as the team curates it: the draft (which results, in what
 * order, with what captions, and the description), publishing it as the next version,
 * discarding its changes, and taking the page down. Who may publish or unpublish is the
 * role table's permission (shared/roles.ts); every member edits the draft. Each
 * procedure validates, calls one verb in server/studio/listings, and returns.
 */
import "server-only";
import { z } from "zod";
import { discardListingChanges } from "@/server/studio/listings/discard-listing-changes";
import { publishListing } from "@/server/studio/listings/publish-listing";
import { unpublishListing } from "@/server/studio/listings/unpublish-listing";
import { RequestIdSchema } from "@/server/studio/request-id";
import { setListingDescription } from "@/server/studio/listings/set-listing-description";
import { setListingPicks } from "@/server/studio/listings/set-listing-picks";
import { SetListingDescriptionSchema, SetListingPicksSchema } from "@/server/studio/listings/set-listing-picks.schema";
import { showListing } from "@/server/studio/listings/show-listing";
import { permittedProcedure, router, workspaceProcedure } from "../procedures";

/** The draft's fingerprint as the person saw it (listings.show): a teammate's later edit is not published or discarded unseen. */
const ReviewedSchema = z.string().min(1).max(64);

export const listingsRouter = router({
  show: workspaceProcedure()
    .input(z.object({ projectId: z.uuid() }))
    .query(({ ctx, input }) => showListing(ctx.studio, { workspaceId: ctx.workspace.id, projectId: input.projectId })),

  setPicks: workspaceProcedure()
    .input(SetListingPicksSchema)
    .mutation(({ ctx, input }) =>
      setListingPicks(ctx.studio, { ...input, workspaceId: ctx.workspace.id, userId: ctx.user.id, ip: ctx.ip }),
    ),

  setDescription: workspaceProcedure()
    .input(SetListingDescriptionSchema)
    .mutation(({ ctx, input }) =>
      setListingDescription(ctx.studio, { ...input, workspaceId: ctx.workspace.id, userId: ctx.user.id, ip: ctx.ip }),
    ),

  publish: permittedProcedure("publish_listing")
    .input(z.object({ projectId: z.uuid(), reviewed: ReviewedSchema, requestId: RequestIdSchema }))
    .mutation(({ ctx, input }) => publishListing(ctx.studio, { ...input, workspaceId: ctx.workspace.id, userId: ctx.user.id, ip: ctx.ip })),

  discard: workspaceProcedure()
    .input(z.object({ projectId: z.uuid(), reviewed: ReviewedSchema }))
    .mutation(({ ctx, input }) =>
      discardListingChanges(ctx.studio, { ...input, workspaceId: ctx.workspace.id, userId: ctx.user.id, ip: ctx.ip }),
    ),

  unpublish: permittedProcedure("unpublish_listing")
    .input(z.object({ projectId: z.uuid() }))
    .mutation(({ ctx, input }) =>
      unpublishListing(ctx.studio, { ...input, workspaceId: ctx.workspace.id, userId: ctx.user.id, ip: ctx.ip }),
    ),
});
