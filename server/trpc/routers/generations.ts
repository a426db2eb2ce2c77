/**
 * The studio's workflows: each procedure validates, calls one studio verb in
 * server/studio/generations (or exports), and returns. Image work goes to the v1 API
 * over HTTP with the workspace's server-held key; nothing here returns that key.
 */
import "server-only";
import { z } from "zod";
import { normalizeColor } from "@/shared/palettes";
import { createShareLink } from "@/server/studio/exports/create-share-link";
import { exportOutput } from "@/server/studio/exports/export-output";
import { revokeShareLink } from "@/server/studio/exports/revoke-share-link";
import { showShare } from "@/server/studio/exports/show-share";
import { showShareLink } from "@/server/studio/exports/show-share-link";
import { deleteGeneration } from "@/server/studio/generations/delete-generation";
import { listGenerations } from "@/server/studio/generations/list-generations";
import { redoView } from "@/server/studio/generations/redo-view";
import { reviseDescription } from "@/server/studio/generations/revise-description";
import { startDescription } from "@/server/studio/generations/start-description";
import { startInpaintUpscale } from "@/server/studio/generations/start-inpaint-upscale";
import { startMultiview } from "@/server/studio/generations/start-multiview";
import { startStaging } from "@/server/studio/generations/start-staging";
import { startVideo } from "@/server/studio/generations/start-video";
import {
  DESCRIPTION_DEFAULTS,
  DESCRIPTION_LIMITS as LIMITS,
  INPAINTING_TYPES,
  INTENSITY,
  LANGUAGE_TAG,
  LENGTHS,
  MULTIVIEW_OTHER_VIEWS,
  needsColor,
  needsEndImage,
  needsStyle,
  REDESIGN_TYPES,
  RENDER_TYPES,
  ROOM_TYPES,
  STYLES,
  TONES,
  VIDEO_MODES,
} from "@/shared/vocabulary";
import { publicProcedure, RequestIdSchema, router, workspaceProcedure } from "../procedures";

const RoomTypeSchema = z.enum(ROOM_TYPES);
const StyleSchema = z.enum(STYLES);
const ColorSchema = z.string().refine((value) => normalizeColor(value) !== null, "Pick a palette color or a #RRGGBB hex color.");
const IntensitySchema = z.number().min(INTENSITY.min).max(INTENSITY.max);
const ImageRefSchema = z.discriminatedUnion("type", [z.object({ type: z.literal("photo"), id: z.uuid() }), z.object({ type: z.literal("output"), id: z.uuid() })]);
const viewsMessage = `Pick ${MULTIVIEW_OTHER_VIEWS.min} to ${MULTIVIEW_OTHER_VIEWS.max} other photos of the room.`;

const StageSchema = z
  .object({
    requestId: RequestIdSchema,
    projectId: z.uuid(),
    photoId: z.uuid(),
    redesignType: z.enum(REDESIGN_TYPES),
    roomType: RoomTypeSchema,
    style: StyleSchema.optional(),
    color: ColorSchema.optional(),
    intensity: IntensitySchema.default(INTENSITY.redesign),
    fast: z.boolean().default(true),
  })
  .refine((input) => !needsStyle(input.redesignType) || input.style, { path: ["style"], message: "Pick a style." })
  .refine((input) => !needsColor(input.redesignType) || input.color, { path: ["color"], message: "Pick a wall color." });

const VideoSchema = z
  .object({ requestId: RequestIdSchema, projectId: z.uuid(), mode: z.enum(VIDEO_MODES), image: ImageRefSchema, tailImage: ImageRefSchema.optional() })
  .refine((input) => !needsEndImage(input.mode) || input.tailImage, { path: ["tailImage"], message: "Before / after needs an end image." });

export const generationsRouter = router({
  list: workspaceProcedure()
    .input(z.object({ projectId: z.uuid() }))
    .query(({ ctx, input }) => listGenerations(ctx.studio, { workspaceId: ctx.workspace.id, projectId: input.projectId })),

  delete: workspaceProcedure()
    .input(z.object({ generationId: z.uuid() }))
    .mutation(({ ctx, input }) => deleteGeneration(ctx.studio, { workspaceId: ctx.workspace.id, generationId: input.generationId })),

  stage: workspaceProcedure()
    .input(StageSchema)
    .mutation(({ ctx, input }) => startStaging(ctx.studio, { ...input, workspaceId: ctx.workspace.id, userId: ctx.user.id })),

  multiview: workspaceProcedure()
    .input(
      z.object({
        requestId: RequestIdSchema,
        projectId: z.uuid(),
        anchorPhotoId: z.uuid(),
        viewPhotoIds: z.array(z.uuid()).min(MULTIVIEW_OTHER_VIEWS.min, viewsMessage).max(MULTIVIEW_OTHER_VIEWS.max, viewsMessage),
        roomType: RoomTypeSchema,
        style: StyleSchema,
        color: ColorSchema.optional(),
        intensity: IntensitySchema.default(INTENSITY.redesign),
      }),
    )
    .mutation(({ ctx, input }) => startMultiview(ctx.studio, { ...input, workspaceId: ctx.workspace.id, userId: ctx.user.id })),

  redoView: workspaceProcedure()
    .input(z.object({ generationId: z.uuid(), viewIndex: z.number().int().min(1).max(3) }))
    .mutation(({ ctx, input }) => redoView(ctx.studio, { ...input, workspaceId: ctx.workspace.id })),

  inpaintUpscale: workspaceProcedure()
    .input(
      z.object({
        requestId: RequestIdSchema,
        projectId: z.uuid(),
        photoId: z.uuid(),
        maskDataUrl: z.string().max(12_000_000),
        inpaintingType: z.enum(INPAINTING_TYPES),
        renderType: z.enum(RENDER_TYPES).default("interior"),
        roomType: RoomTypeSchema.optional(),
        style: StyleSchema.optional(),
      }),
    )
    .mutation(({ ctx, input }) => startInpaintUpscale(ctx.studio, { ...input, workspaceId: ctx.workspace.id, userId: ctx.user.id })),

  video: workspaceProcedure()
    .input(VideoSchema)
    .mutation(({ ctx, input }) => startVideo(ctx.studio, { ...input, workspaceId: ctx.workspace.id, userId: ctx.user.id })),

  describe: workspaceProcedure()
    .input(
      z.object({
        requestId: RequestIdSchema,
        projectId: z.uuid(),
        photoIds: z.array(z.uuid()).min(LIMITS.images.min, "Pick at least one photo.").max(LIMITS.images.max, `Pick at most ${LIMITS.images.max} photos.`),
        property: z.object({
          address: z.string().trim().max(LIMITS.address).optional(),
          propertyType: z.string().trim().min(1, "Property type is required.").max(LIMITS.word),
          listingStatus: z.string().trim().max(LIMITS.word).optional(),
          listingType: z.string().trim().max(LIMITS.word).optional(),
          price: z.number().nonnegative().max(LIMITS.price).optional(),
          bedrooms: z.number().int().nonnegative().max(LIMITS.rooms).optional(),
          bathrooms: z.number().nonnegative().max(LIMITS.rooms).multipleOf(LIMITS.bathroomStep).optional(),
          highlights: z
            .array(z.string().trim().min(1).max(LIMITS.highlight, `Keep each highlight under ${LIMITS.highlight} characters.`))
            .max(LIMITS.highlights, `Up to ${LIMITS.highlights} highlights.`)
            .default([]),
        }),
        tone: z.enum(TONES).default(DESCRIPTION_DEFAULTS.tone),
        length: z.enum(LENGTHS).default(DESCRIPTION_DEFAULTS.length),
        language: z.string().regex(LANGUAGE_TAG, "Use a language code such as en, fr or es-MX.").default(DESCRIPTION_DEFAULTS.language),
      }),
    )
    .mutation(({ ctx, input }) => startDescription(ctx.studio, { ...input, workspaceId: ctx.workspace.id, userId: ctx.user.id })),

  reviseDescription: workspaceProcedure()
    .input(z.object({ generationId: z.uuid(), text: z.string().trim().min(1, "The description cannot be empty.").max(20_000) }))
    .mutation(({ ctx, input }) => reviseDescription(ctx.studio, { ...input, workspaceId: ctx.workspace.id, userId: ctx.user.id })),

  exportOutput: workspaceProcedure()
    .input(z.object({ outputId: z.uuid(), disclosure: z.boolean().default(false) }))
    .mutation(({ ctx, input }) => exportOutput(ctx.studio, { ...input, workspaceId: ctx.workspace.id, userId: ctx.user.id })),

  shareLink: workspaceProcedure()
    .input(z.object({ projectId: z.uuid() }))
    .query(({ ctx, input }) => showShareLink(ctx.studio, { workspaceId: ctx.workspace.id, projectId: input.projectId })),

  createShareLink: workspaceProcedure()
    .input(z.object({ projectId: z.uuid(), requestId: RequestIdSchema }))
    .mutation(({ ctx, input }) => createShareLink(ctx.studio, { ...input, workspaceId: ctx.workspace.id, userId: ctx.user.id })),

  revokeShareLink: workspaceProcedure()
    .input(z.object({ projectId: z.uuid() }))
    .mutation(({ ctx, input }) => revokeShareLink(ctx.studio, { workspaceId: ctx.workspace.id, projectId: input.projectId })),

  /** The public disclosure page's data: anyone with the link, no sign-in. */
  share: publicProcedure
    .input(z.object({ token: z.string().min(10).max(100) }))
    .query(({ ctx, input }) => showShare(ctx.studio, input)),
});
