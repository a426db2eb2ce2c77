/**
 * What leaves the studio: a result downloaded (with its disclosure burned in when
 * asked, its QR code to that image's own page), the listing page's public link, and the
 * public pages. Publishing and unpublishing the listing page are in routers/listings.ts.
 * Each procedure validates, calls one verb in server/studio/exports, and returns.
 */
import "server-only";
import { z } from "zod";
import { exportOutput } from "@/server/studio/exports/export-output";
import { showImagePage } from "@/server/studio/exports/image-page";
import { showShare } from "@/server/studio/exports/show-share";
import { showShareLink } from "@/server/studio/exports/show-share-link";
import { publicProcedure, router, workspaceProcedure } from "../procedures";

export const exportsRouter = router({
  exportOutput: workspaceProcedure()
    .input(z.object({ outputId: z.uuid(), disclosure: z.boolean().default(false) }))
    .mutation(({ ctx, input }) => exportOutput(ctx.studio, { ...input, workspaceId: ctx.workspace.id, userId: ctx.user.id })),

  shareLink: workspaceProcedure()
    .input(z.object({ projectId: z.uuid() }))
    .query(({ ctx, input }) => showShareLink(ctx.studio, { workspaceId: ctx.workspace.id, projectId: input.projectId })),

  /** The public disclosure page's data: anyone with the link, no sign-in. */
  share: publicProcedure.input(z.object({ token: z.string().min(10).max(100) })).query(({ ctx, input }) => showShare(ctx.studio, input)),

  /** One altered image's disclosure page (its labelled download's QR code): anyone with the link. */
  imagePage: publicProcedure
    .input(z.object({ token: z.string().min(10).max(100) }))
    .query(({ ctx, input }) => showImagePage(ctx.studio, input)),
});
