import "server-only";
import { z } from "zod";
import { confirmUpload } from "@/server/studio/photos/confirm-upload";
import { deletePhoto, restorePhoto } from "@/server/studio/photos/delete-photo";
import { listPhotos } from "@/server/studio/photos/list-photos";
import { SaveKeptAreasSchema } from "@/server/studio/photos/kept-areas.schema";
import { prepareUploads } from "@/server/studio/photos/prepare-uploads";
import { saveKeptAreas } from "@/server/studio/photos/save-kept-areas";
import { showKeptAreas } from "@/server/studio/photos/show-kept-areas";
import { suggestPhotoKeptAreas } from "@/server/studio/photos/suggest-kept-areas";
import { router, workspaceProcedure } from "../procedures";

const FileNameSchema = z.string().trim().min(1).max(255);

export const photosRouter = router({
  list: workspaceProcedure()
    .input(z.object({ projectId: z.uuid() }))
    .query(({ ctx, input }) =>
      listPhotos(ctx.studio, {
        workspaceId: ctx.workspace.id,
        projectId: input.projectId,
        viewer: { userId: ctx.user.id, role: ctx.role },
      }),
    ),

  prepareUploads: workspaceProcedure()
    .input(
      z.object({
        projectId: z.uuid(),
        files: z
          .array(z.object({ fileName: FileNameSchema, contentType: z.string(), bytes: z.number().int().min(0) }))
          .min(1)
          .max(50),
      }),
    )
    .mutation(({ ctx, input }) => prepareUploads(ctx.studio, { ...input, workspaceId: ctx.workspace.id })),

  confirmUpload: workspaceProcedure()
    .input(z.object({ projectId: z.uuid(), key: z.string().min(1).max(500), fileName: FileNameSchema }))
    .mutation(({ ctx, input }) => confirmUpload(ctx.studio, { ...input, workspaceId: ctx.workspace.id, userId: ctx.user.id })),

  delete: workspaceProcedure()
    .input(z.object({ photoId: z.uuid() }))
    .mutation(({ ctx, input }) =>
      deletePhoto(ctx.studio, { workspaceId: ctx.workspace.id, photoId: input.photoId, userId: ctx.user.id, role: ctx.role }),
    ),

  /** Windows, doors and tall built-ins suggested from the photo's own lines, to keep exactly (D17). */
  suggestKeptAreas: workspaceProcedure()
    .input(z.object({ photoId: z.uuid() }))
    .query(({ ctx, input }) => suggestPhotoKeptAreas(ctx.studio, { workspaceId: ctx.workspace.id, photoId: input.photoId })),

  /** What "Keep these areas" saved on the photo: the areas and the mask. */
  keptAreas: workspaceProcedure()
    .input(z.object({ photoId: z.uuid() }))
    .query(({ ctx, input }) => showKeptAreas(ctx.studio, { workspaceId: ctx.workspace.id, photoId: input.photoId })),

  /** What "Keep these areas" marked on the photo, kept for every result made from it. */
  saveKeptAreas: workspaceProcedure()
    .input(SaveKeptAreasSchema)
    .mutation(({ ctx, input }) => saveKeptAreas(ctx.studio, { ...input, workspaceId: ctx.workspace.id })),

  restore: workspaceProcedure()
    .input(z.object({ photoId: z.uuid() }))
    .mutation(({ ctx, input }) => restorePhoto(ctx.studio, { workspaceId: ctx.workspace.id, photoId: input.photoId })),
});
