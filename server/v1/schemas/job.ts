import "server-only";
import { z } from "zod";
import {
  ENVIRONMENTS,
  INTENSITY,
  needsColor,
  needsStyle,
  normalizeRedesignType,
  PLANS,
  REDESIGN_LABEL_LIST,
  REDESIGN_TYPES,
} from "@/shared/vocabulary";
import { ColorSchema, HttpUrlSchema, intensitySchema, KeepMaskUrlSchema, RoomTypeSchema, StyleSchema } from "./common";
import { OutputCheckSchema } from "./output-check";

const RedesignTypeSchema = z
  .string()
  .max(100)
  .transform((value, ctx) => {
    const id = normalizeRedesignType(value);
    if (!id) {
      ctx.addIssue({
        code: "custom",
        message: `unknown redesign type; accepted: ${REDESIGN_TYPES.join(", ")} (or a display label: ${REDESIGN_LABEL_LIST.join(", ")})`,
        params: { accepted: [...REDESIGN_TYPES] },
      });
    }
    return id ?? z.NEVER;
  })
  .meta({ description: "staging, declutter, render, redecorate or color_change, or a display label of one.", example: "virtual staging" });

export const JobRequestSchema = z
  .object({
    source_url: HttpUrlSchema,
    room_type: RoomTypeSchema,
    redesign_type: RedesignTypeSchema,
    style: StyleSchema.optional(),
    color: ColorSchema.optional(),
    intensity: intensitySchema(INTENSITY.redesign),
    environment: z.enum(ENVIRONMENTS).default("interior"),
    inspiration_image: HttpUrlSchema.optional(),
    mask_prompt: z.string().max(1000).optional(),
    keep_mask_url: KeepMaskUrlSchema.optional(),
    fast: z.boolean().optional(),
    seed: z.number().int().min(0).max(2_147_483_647).optional().meta({
      description:
        "Beyond the contract: the same seed for several jobs asks a generative provider for matching furnishings (e.g. every photo of one listing). Output n of the group uses seed + n.",
    }),
    review_redo_of: z.string().max(100).optional().meta({
      description:
        "Beyond the contract (D17): the `jobId` of a job with an output the structure check marked `review`, to make that photo again at no cost: no quota unit, at most 2 per photo per UTC day (then 400 `free_redo_limit`). The redo uses the photo that job stored, and its keep mask unless `keep_mask_url` gives another; `source_url` is not fetched again. A job with no output marked review → 400 `not_under_review`.",
    }),
  })
  .superRefine((job, ctx) => {
    if (needsStyle(job.redesign_type) && !job.style) {
      ctx.addIssue({ code: "custom", path: ["style"], message: `is required for ${job.redesign_type}` });
    }
    if (needsColor(job.redesign_type) && !job.color) {
      ctx.addIssue({ code: "custom", path: ["color"], message: "is required for color_change" });
    }
  })
  .meta({ id: "JobRequest" });

export type JobRequest = z.infer<typeof JobRequestSchema>;

export const JobCreatedSchema = z.object({ jobId: z.string() }).meta({ id: "JobCreated" });

export const JobRecordSchema = z
  .object({
    id: z.string(),
    style: z.string(),
    room_type: z.string(),
    intensity: z.number(),
    color: z.string(),
    output_urls: z.array(z.string()),
    output_checks: z.array(OutputCheckSchema).optional().meta({
      description:
        "Beyond the contract (D17): the structure check's verdict on each output, parallel to output_urls. Present for staging, redecorate, render and declutter jobs on interior and commercial photos; absent for color_change and exteriors, which are not checked.",
    }),
  })
  .meta({ id: "JobRecord" });

export const JobStatusResponseSchema = z
  .object({ status: z.enum(["processing", "completed", "partially_completed"]), data: JobRecordSchema.optional() })
  .meta({ id: "JobStatus" });

export const JobListQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(50),
  cursor: z.string().max(200).optional(),
});

export const JobListSchema = z.object({ data: z.array(JobRecordSchema) }).meta({ id: "JobList" });

export const DeleteRequestSchema = z.object({ jobId: z.string().min(1).max(200) }).meta({ id: "DeleteRequest" });
export const DeleteResponseSchema = z.object({ message: z.string() }).meta({ id: "DeleteResponse" });

/** GET /me keeps its body; these headers carry what is left to spend and the plan (D14). */
export const ACCOUNT_HEADERS = { creditBalance: "Atrium-Credit-Balance", plan: "Atrium-Plan" } as const;
export const PlanSchema = z.enum(PLANS);

export const MeResponseSchema = z
  .object({ api_monthly_quota: z.number().int(), api_total_completed: z.number().int(), api_completed_month: z.number().int() })
  .meta({ id: "Me" });
