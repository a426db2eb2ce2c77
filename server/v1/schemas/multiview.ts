import "server-only";
import { z } from "zod";
import { DisclosureFieldsSchema } from "./disclosure";
import { OutputCheckSchema } from "./output-check";
import { INTENSITY, MULTIVIEW_OTHER_VIEWS } from "@/shared/vocabulary";
import {
  ColorSchema,
  envelopeSchema,
  ErrorInfoSchema,
  HttpUrlSchema,
  intensitySchema,
  KeepMaskUrlSchema,
  RoomTypeSchema,
  StyleSchema,
} from "./common";

const VIEWS_MESSAGE = `needs ${MULTIVIEW_OTHER_VIEWS.min} to ${MULTIVIEW_OTHER_VIEWS.max} views`;

export const MultiviewRequestSchema = z
  .object({
    source_url: HttpUrlSchema,
    additional_view_urls: z
      .array(HttpUrlSchema)
      .min(MULTIVIEW_OTHER_VIEWS.min, VIEWS_MESSAGE)
      .max(MULTIVIEW_OTHER_VIEWS.max, VIEWS_MESSAGE),
    room_type: RoomTypeSchema,
    style: StyleSchema,
    intensity: intensitySchema(INTENSITY.redesign),
    color: ColorSchema.optional(),
    keep_mask_url: KeepMaskUrlSchema.optional().meta({
      description: "Beyond the contract (D17): the keep mask of the anchor photo (`source_url`), as on POST /job.",
    }),
    additional_keep_mask_urls: z
      .array(KeepMaskUrlSchema.nullable())
      .optional()
      .meta({
        description:
          "Beyond the contract (D17): the keep masks of the additional views, parallel to `additional_view_urls` (the same length, `null` where a view keeps nothing). Each is checked against its own photo.",
        example: [null],
      }),
  })
  .superRefine((request, ctx) => {
    const masks = request.additional_keep_mask_urls;
    if (masks && masks.length !== request.additional_view_urls.length) {
      ctx.addIssue({
        code: "custom",
        path: ["additional_keep_mask_urls"],
        message: `must have one entry per additional view (${request.additional_view_urls.length}), null where a view keeps nothing`,
      });
    }
  })
  .meta({ id: "MultiviewRequest" });

export type MultiviewRequest = z.infer<typeof MultiviewRequestSchema>;

export const MultiviewCreatedResultSchema = z
  .object({
    render_set_id: z.uuid(),
    anchor: z.object({ view_index: z.literal(0), job_id: z.string(), status: z.string() }),
    pending_views: z.array(z.object({ view_index: z.number().int(), source_url: z.string() })),
    total_views: z.number().int(),
    status_endpoint: z.string(),
    credits: z.object({ anchor_charged: z.number().int(), sibling_cost_each: z.number().int(), siblings_pending: z.number().int() }),
  })
  .meta({ id: "MultiviewCreatedResult" });

export const MultiviewStatusQuerySchema = z.object({ render_set_id: z.string().max(100) });

export const MultiviewViewSchema = z.object({
  view_index: z.number().int(),
  job_id: z.string(),
  is_anchor_view: z.boolean(),
  status: z.enum(["processing", "completed", "failed"]),
  output_url: z.string().nullable(),
  error: ErrorInfoSchema.nullable(),
  gate: z
    .object({
      verdict: z.enum(["pass", "fail"]),
      score: z.number().meta({ description: "Mean of style and structure, 0 to 1." }),
      style: z.number().nullable().meta({ description: "Color-distribution similarity to the anchor's output; passes at 0.6." }),
      structure: z.number().nullable().meta({ description: "Structural similarity to the view's own source; passes at 0.5." }),
      thresholds: z
        .object({ style: z.number(), structure: z.number() })
        .meta({ description: "The gate passes when both measures reach these." }),
    })
    .nullable()
    .meta({ description: "The sibling quality gate's verdict and scores; null for the anchor and for views not yet gated." }),
  held_back_url: z
    .string()
    .nullable()
    .meta({ description: "The image a sibling made when it failed the gate: kept for review, not an output. Null otherwise." }),
  output_check: OutputCheckSchema.nullable().meta({
    description:
      "Beyond the contract (D17): the structure check's verdict on the view's image (its output_url or held_back_url); null until it has one.",
  }),
});

export const MultiviewStatusResultSchema = z
  .object({
    render_set_id: z.uuid(),
    views: z.array(MultiviewViewSchema),
    total: z.number().int(),
    completed: z.number().int(),
    failed: z.number().int(),
    provider: z
      .string()
      .nullable()
      .meta({ description: "The provider that made the set's outputs (D14); null before the first view is made." }),
    ...DisclosureFieldsSchema.shape,
  })
  .meta({ id: "MultiviewStatusResult" });

export const MultiviewRedoRequestSchema = z
  .object({
    render_set_id: z.string().max(100),
    view_index: z.number().int().min(0).max(1000),
    review_redo: z.boolean().optional().meta({
      description:
        "Beyond the contract (D17): true to redo a view whose image the structure check marked `review`, at no cost: no quota unit, at most 2 per view per UTC day (then 400 `free_redo_limit`); the attempt cap still applies. A view not marked review → 400 `not_under_review`.",
    }),
  })
  .meta({ id: "MultiviewRedoRequest" });

export const MultiviewRedoResultSchema = z
  .object({ render_set_id: z.uuid(), view_index: z.number().int(), job_id: z.string() })
  .meta({ id: "MultiviewRedoResult" });

export const MultiviewCreatedSchema = envelopeSchema("MultiviewCreated", MultiviewCreatedResultSchema);
export const MultiviewStatusSchema = envelopeSchema("MultiviewStatus", MultiviewStatusResultSchema);
export const MultiviewRedoSchema = envelopeSchema("MultiviewRedo", MultiviewRedoResultSchema);
