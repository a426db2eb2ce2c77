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
import { LENGTHS, REDESIGN_TYPE_LABELS, TONES, VIDEO_MODE_LABELS, type RedesignType, type VideoMode } from "@/shared/generation-vocabulary";
import { ROOM_TYPES, STYLES } from "@/shared/catalogues";
import { publicProcedure, RequestIdSchema, router, spendingProcedure, workspaceProcedure } from "../procedures";

const RoomTypeSchema = z.enum(ROOM_TYPES);
const StyleSchema = z.enum(STYLES);
const ColorSchema = z.string().refine((value) => normalizeColor(value) !== null, "Pick a palette color or a #RRGGBB hex color.");
const IntensitySchema = z.number().min(0.1).max(1);
const ImageRefSchema = z.discriminatedUnion("type", [z.object({ type: z.literal("photo"), id: z.uuid() }), z.object({ type: z.literal("output"), id: z.uuid() })]);
const redesignTypes = Object.keys(REDESIGN_TYPE_LABELS) as [RedesignType, ...RedesignType[]];
const videoModes = Object.keys(VIDEO_MODE_LABELS) as [VideoMode, ...VideoMode[]];

const StageSchema = z
  .object({
    requestId: RequestIdSchema,
    projectId: z.uuid(),
    photoId: z.uuid(),
    redesignType: z.enum(redesignTypes),
    roomType: RoomTypeSchema,
    style: StyleSchema.optional(),
    color: ColorSchema.optional(),
    intensity: IntensitySchema.default(0.6),
    fast: z.boolean().default(true),
  })
  .refine((input) => !["staging", "render", "redecorate"].includes(input.redesignType) || input.style, { path: ["style"], message: "Pick a style." })
  .refine((input) => input.redesignType !== "color_change" || input.color, { path: ["color"], message: "Pick a wall color." });

const VideoSchema = z
  .object({ requestId: RequestIdSchema, projectId: z.uuid(), mode: z.enum(videoModes), image: ImageRefSchema, tailImage: ImageRefSchema.optional() })
  .refine((input) => input.mode !== "before_after" || input.tailImage, { path: ["tailImage"], message: "Before / after needs an end image." });

export const generationsRouter = router({
  list: workspaceProcedure()
    .input(z.object({ projectId: z.uuid() }))
    .query(({ ctx, input }) => listGenerations(ctx.studio, { workspaceId: ctx.workspace.id, projectId: input.projectId })),

  delete: workspaceProcedure()
    .input(z.object({ generationId: z.uuid() }))
    .mutation(({ ctx, input }) => deleteGeneration(ctx.studio, { workspaceId: ctx.workspace.id, generationId: input.generationId })),

  stage: spendingProcedure()
    .input(StageSchema)
    .mutation(({ ctx, input }) => startStaging(ctx.studio, { ...input, workspaceId: ctx.workspace.id, userId: ctx.user.id })),

  multiview: spendingProcedure()
    .input(
      z.object({
        requestId: RequestIdSchema,
        projectId: z.uuid(),
        anchorPhotoId: z.uuid(),
        viewPhotoIds: z.array(z.uuid()).min(1, "Pick 1 to 3 other photos of the room.").max(3, "Pick 1 to 3 other photos of the room."),
        roomType: RoomTypeSchema,
        style: StyleSchema,
        color: ColorSchema.optional(),
        intensity: IntensitySchema.default(0.6),
      }),
    )
    .mutation(({ ctx, input }) => startMultiview(ctx.studio, { ...input, workspaceId: ctx.workspace.id, userId: ctx.user.id })),

  redoView: spendingProcedure()
    .input(z.object({ generationId: z.uuid(), viewIndex: z.number().int().min(1).max(3) }))
    .mutation(({ ctx, input }) => redoView(ctx.studio, { ...input, workspaceId: ctx.workspace.id })),

  inpaintUpscale: spendingProcedure()
    .input(
      z.object({
        requestId: RequestIdSchema,
        projectId: z.uuid(),
        photoId: z.uuid(),
        maskDataUrl: z.string().max(12_000_000),
        inpaintingType: z.enum(["remove", "replace"]),
        renderType: z.enum(["interior", "exterior"]).default("interior"),
        roomType: RoomTypeSchema.optional(),
        style: StyleSchema.optional(),
      }),
    )
    .mutation(({ ctx, input }) => startInpaintUpscale(ctx.studio, { ...input, workspaceId: ctx.workspace.id, userId: ctx.user.id })),

  video: spendingProcedure()
    .input(VideoSchema)
    .mutation(({ ctx, input }) => startVideo(ctx.studio, { ...input, workspaceId: ctx.workspace.id, userId: ctx.user.id })),

  describe: spendingProcedure()
    .input(
      z.object({
        requestId: RequestIdSchema,
        projectId: z.uuid(),
        photoIds: z.array(z.uuid()).min(1, "Pick at least one photo.").max(20, "Pick at most 20 photos."),
        property: z.object({
          address: z.string().trim().max(300).optional(),
          propertyType: z.string().trim().min(1, "Property type is required.").max(100),
          listingStatus: z.string().trim().max(100).optional(),
          listingType: z.string().trim().max(100).optional(),
          price: z.number().nonnegative().max(1e12).optional(),
          bedrooms: z.number().int().nonnegative().max(1000).optional(),
          bathrooms: z.number().nonnegative().max(1000).multipleOf(0.5).optional(),
          highlights: z.array(z.string().trim().min(1).max(300, "Keep each highlight under 300 characters.")).max(10, "Up to 10 highlights.").default([]),
        }),
        tone: z.enum(TONES).default("professional"),
        length: z.enum(LENGTHS).default("medium"),
        language: z.string().regex(/^[A-Za-z]{2,3}(-[A-Za-z0-9]{2,8})*$/, "Use a language code such as en, fr or es-MX.").default("en"),
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
