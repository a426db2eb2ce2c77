import { fromJsonSchema, McpServer, type CallToolResult, type JsonSchemaType } from "@modelcontextprotocol/server";
import { z } from "zod";
import type { AtriumClient } from "../client.ts";
import { AtriumApiError, isAtriumError } from "../errors.ts";
import { REQUEST_SCHEMAS } from "../generated/request-schemas.ts";
import { CREDIT_COSTS, PAID_PLANS } from "../generated/terms.ts";
import type { InpaintRequest, JobRequest, MultiviewRequest, PropertyDescriptionRequest, UpscaleRequest, VideoRequest } from "../types.ts";
import type { WaitOptions } from "../wait.ts";

export interface AtriumMcpServerOptions {
  /** How the tools that wait poll the API; by default every 2 s for up to 5 minutes. */
  wait?: WaitOptions;
  /** Reported to clients as the server's version. */
  version?: string;
}

/** "N credits", as the route's billing note says it. */
const credits = (amount: number) => `${amount} ${amount === 1 ? "credit" : "credits"}`;
/** "premium and business plans": the plans multi-view and video need. */
const PAID_PLAN_WORDS = `${PAID_PLANS.join(" and ")} plans`;

/** Arguments a tool takes beside its route's body: they steer the call, never reach the body. */
const IDEMPOTENCY_KEY = {
  type: "string",
  minLength: 1,
  maxLength: 255,
  description: "Optional Idempotency-Key: the same key and arguments within 24 h replay the first answer without a second charge.",
} as const;
const waitFlag = (what: string) => ({ type: "boolean", default: false, description: `Wait until ${what} is finished before answering (polls the API).` }) as const;

type ToolRoute = keyof typeof REQUEST_SCHEMAS;
type ToolFields = Record<string, { type: string }>;
type WithFields<Body, Fields extends ToolFields> = Body & { [K in keyof Fields]?: Fields[K]["type"] extends "boolean" ? boolean : string };

/**
 * A tool's input: its route's request body as generated from the OpenAPI document (so
 * every field the route takes, and only those, with the route's own rules), plus the
 * tool's own steering fields. A steering field may never shadow a body field.
 */
function routeInput<Body, Fields extends ToolFields = ToolFields>(route: ToolRoute, fields: Fields) {
  const body = REQUEST_SCHEMAS[route];
  const clash = Object.keys(fields).find((name) => name in body.properties);
  if (clash) throw new Error(`The ${route} route has its own field ${clash}; a tool field may not replace it.`);
  const schema = { ...body, properties: { ...body.properties, ...fields } };
  return fromJsonSchema<WithFields<Body, Fields>>(schema as unknown as JsonSchemaType);
}

/** Which route each tool that sends one request body calls: the tool's input is that body's schema. */
export const TOOL_ROUTES = {
  stage_photo: "createJob",
  inpaint: "inpaint",
  upscale: "upscale",
  create_video: "createVideo",
  create_multiview: "createMultiview",
  describe_property: "describeProperty",
} as const satisfies Record<string, ToolRoute>;

const Replayed = z.boolean().describe("true when this answer replays the first one given for the same idempotency_key: nothing ran or was charged again.");
const ErrorInfo = z.object({ code: z.string(), message: z.string() }).nullable();
/** The service's structure check of a staged image (D17): `review` asks a person to look before it is published. */
const OutputCheck = z.object({
  verdict: z.enum(["pass", "review"]),
  summary: z.string(),
  zones: z.array(z.object({ zone: z.string(), reason: z.string(), region: z.object({ x: z.number(), y: z.number(), width: z.number(), height: z.number() }).nullable() })),
});
const OutputChecks = OutputCheck.array().optional().describe("The structure check's verdict on each output, parallel to output_urls; a review one should be looked at before it is published.");
const View = z.object({ view_index: z.number(), status: z.string(), output_url: z.string().nullable(), output_check: OutputCheck.nullable() });
const READS = { readOnlyHint: true, destructiveHint: false, openWorldHint: false } as const;
const CHARGES = { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false } as const;

/** A tool's answer: the structured result, and the same as JSON text for clients that read only text. */
function structured(result: Record<string, unknown>): CallToolResult {
  return { content: [{ type: "text", text: JSON.stringify(result) }], structuredContent: result };
}

/** The API's refusal or failure as a tool error the assistant can read (its code first), never a protocol error. */
async function answer(work: () => Promise<Record<string, unknown>>): Promise<CallToolResult> {
  try {
    return structured(await work());
  } catch (error) {
    if (!(error instanceof AtriumApiError)) throw error;
    const details = error.details === undefined ? "" : ` Details: ${JSON.stringify(error.details)}`;
    return { isError: true, content: [{ type: "text", text: `${error.code} (HTTP ${error.status}): ${error.message}${details}` }] };
  }
}

/**
 * The MCP server of the Atrium API: one tool per workflow, each a call (or a call and a
 * wait) of the SDK with the caller's own key. The tools therefore are charged, limited
 * and refused exactly as the API is (quota, credits, rate limits, plan, a key's scope),
 * and honour an Idempotency-Key. Served over Streamable HTTP at /api/mcp and over stdio
 * by the `atrium-mcp` binary.
 */
export function createAtriumMcpServer(client: AtriumClient, options: AtriumMcpServerOptions = {}): McpServer {
  const server = new McpServer({ name: "atrium", version: options.version ?? "0.1.0" });
  const wait: WaitOptions = { intervalMs: 2_000, timeoutMs: 300_000, ...options.wait };

  server.registerTool(
    "stage_photo",
    {
      title: "Stage a photo",
      description:
        "Virtually stages (or declutters, renders, redecorates, recolors) one room photo and waits for the result. 1 quota unit. " +
        "A job still running when the server stops waiting answers status processing: read it later with get_job_status. " +
        "The arguments are POST /job's body: redesign_type staging needs a style; fast true asks for one output (else as many as the plan gives). " +
        "room_type and style take ids or labels (e.g. living_room or 'Living Room', scandinavian); a wrong value is refused with the accepted list. " +
        "keep_mask_url (a PNG with the photo's aspect ratio, white where the photo must stay exactly as it is: windows, a fireplace) keeps those areas in every output.",
      inputSchema: routeInput<JobRequest>(TOOL_ROUTES.stage_photo, { idempotency_key: IDEMPOTENCY_KEY }),
      outputSchema: z.object({
        job_id: z.string(),
        status: z.enum(["processing", "completed", "partially_completed"]),
        output_urls: z.array(z.string()),
        output_checks: OutputChecks,
        provider: z.string().nullable(),
        replayed: Replayed,
      }),
      annotations: CHARGES,
    },
    async ({ idempotency_key, ...input }) =>
      answer(async () => {
        const { jobId, replayed } = await client.createJob(input, { idempotencyKey: idempotency_key });
        try {
          const job = await client.waitForJob(jobId, wait);
          return { job_id: jobId, status: job.status, output_urls: job.data?.output_urls ?? [], output_checks: job.data?.output_checks, provider: job.provider, replayed };
        } catch (error) {
          if (!isAtriumError(error, "wait_timeout")) throw error;
          return { job_id: jobId, status: "processing", output_urls: [], provider: null, replayed };
        }
      }),
  );

  server.registerTool(
    "get_job_status",
    {
      title: "Read a job's status",
      description: "Reads a staging job group, a video job or a multi-view set (by its render_set_id). Free: no quota, no credits.",
      inputSchema: z.object({
        job_id: z.string().min(1).describe("The job id (staging: jobId; video: job_id; multi-view: render_set_id)."),
        kind: z.enum(["staging", "video", "multiview"]).default("staging"),
      }),
      outputSchema: z.object({
        kind: z.enum(["staging", "video", "multiview"]),
        job_id: z.string(),
        status: z.string(),
        output_urls: z.array(z.string()).optional(),
        output_checks: OutputChecks,
        video_url: z.string().nullable().optional(),
        progress: z.number().optional(),
        views: z.array(View).optional(),
        error: ErrorInfo.optional(),
      }),
      annotations: READS,
    },
    async ({ job_id, kind }) =>
      answer(async () => {
        if (kind === "video") {
          const video = await client.getVideo(job_id);
          return { kind, job_id, status: video.status, video_url: video.result?.video_url ?? null, progress: video.result?.progress ?? 0, error: video.error };
        }
        if (kind === "multiview") {
          const set = await client.getMultiview(job_id);
          const views = (set.result?.views ?? []).map(({ view_index, status, output_url, output_check }) => ({ view_index, status, output_url, output_check }));
          return { kind, job_id, status: set.status, views, error: set.error };
        }
        try {
          const job = await client.getJob(job_id);
          return { kind, job_id, status: job.status, output_urls: job.data?.output_urls ?? [], output_checks: job.data?.output_checks };
        } catch (error) {
          if (!(error instanceof AtriumApiError) || error.code !== "job_failed") throw error;
          return { kind, job_id, status: "failed", output_urls: [], error: { code: error.code, message: error.message } };
        }
      }),
  );

  const EnvelopeResult = z.object({ job_id: z.string().nullable(), status: z.string(), output_urls: z.array(z.string()), credits_charged: z.number().nullable(), replayed: Replayed });

  server.registerTool(
    "inpaint",
    {
      title: "Inpaint (remove or replace) a masked area",
      description: `Edits the area of a photo that a mask marks white. Synchronous. 1 quota unit, ${credits(CREDIT_COSTS.inpaint)}. The first output can be sent to upscale.`,
      inputSchema: routeInput<InpaintRequest>(TOOL_ROUTES.inpaint, { idempotency_key: IDEMPOTENCY_KEY }),
      outputSchema: EnvelopeResult,
      annotations: CHARGES,
    },
    async ({ idempotency_key, ...input }) =>
      answer(async () => {
        const done = await client.inpaint(input, { idempotencyKey: idempotency_key });
        return { job_id: done.job_id, status: done.status, output_urls: done.result?.output_urls ?? [], credits_charged: done.credits_charged, replayed: done.replayed };
      }),
  );

  server.registerTool(
    "upscale",
    {
      title: "Upscale an image",
      description: `Doubles an image's width and height (at most 8192 px on the long side). Synchronous. 1 quota unit, ${credits(CREDIT_COSTS.upscale)}.`,
      inputSchema: routeInput<UpscaleRequest>(TOOL_ROUTES.upscale, { idempotency_key: IDEMPOTENCY_KEY }),
      outputSchema: EnvelopeResult,
      annotations: CHARGES,
    },
    async ({ idempotency_key, ...input }) =>
      answer(async () => {
        const done = await client.upscale(input, { idempotencyKey: idempotency_key });
        return { job_id: done.job_id, status: done.status, output_urls: done.result?.output_urls ?? [], credits_charged: done.credits_charged, replayed: done.replayed };
      }),
  );

  server.registerTool(
    "create_video",
    {
      title: "Make a five-second video",
      description:
        `Renders a 5-second MP4 from a photo (${PAID_PLAN_WORDS}). 1 quota unit, ${credits(CREDIT_COSTS.video)}. ` +
        "Without wait it answers at once: read it later with get_job_status (kind video).",
      inputSchema: routeInput<VideoRequest>(TOOL_ROUTES.create_video, { wait: waitFlag("the video"), idempotency_key: IDEMPOTENCY_KEY }),
      outputSchema: z.object({ job_id: z.string(), status: z.string(), video_url: z.string().nullable(), credits_charged: z.number().nullable(), replayed: Replayed, error: ErrorInfo }),
      annotations: CHARGES,
    },
    async ({ idempotency_key, wait: waitForIt, ...input }) =>
      answer(async () => {
        const started = await client.createVideo(input, { idempotencyKey: idempotency_key });
        const jobId = started.job_id!;
        const video = waitForIt ? await client.waitForVideo(jobId, wait) : null;
        return {
          job_id: jobId,
          status: video?.status ?? started.status,
          video_url: video?.result?.video_url ?? null,
          credits_charged: started.credits_charged,
          replayed: started.replayed,
          error: video?.error ?? started.error,
        };
      }),
  );

  server.registerTool(
    "create_multiview",
    {
      title: "Stage several views of one room alike",
      description:
        `Stages an anchor photo, then 1 to 3 more views of the same room in its style (${PAID_PLAN_WORDS}; a preview feature). ` +
        `1 quota unit; ${credits(CREDIT_COSTS.multiviewAnchor)} for the anchor and ${CREDIT_COSTS.multiviewSibling} per further view. Without wait, read it later with get_job_status (kind multiview). ` +
        "keep_mask_url keeps areas of the anchor photo exactly; additional_keep_mask_urls, one per further view (null where a view keeps nothing), keeps theirs.",
      inputSchema: routeInput<MultiviewRequest>(TOOL_ROUTES.create_multiview, { wait: waitFlag("every view"), idempotency_key: IDEMPOTENCY_KEY }),
      outputSchema: z.object({
        render_set_id: z.string(),
        status: z.string(),
        views: z.array(View),
        credits_charged: z.number().nullable(),
        replayed: Replayed,
      }),
      annotations: CHARGES,
    },
    async ({ idempotency_key, wait: waitForIt, ...input }) =>
      answer(async () => {
        const started = await client.createMultiview(input, { idempotencyKey: idempotency_key });
        const renderSetId = started.result!.render_set_id;
        const set = waitForIt ? await client.waitForRenderSet(renderSetId, wait) : await client.getMultiview(renderSetId);
        const views = (set.result?.views ?? []).map(({ view_index, status, output_url, output_check }) => ({ view_index, status, output_url, output_check }));
        return { render_set_id: renderSetId, status: set.status, views, credits_charged: started.credits_charged, replayed: started.replayed };
      }),
  );

  server.registerTool(
    "describe_property",
    {
      title: "Write a listing description",
      description:
        `Writes listing copy from photos and property facts (a preview feature). 1 quota unit, ${credits(CREDIT_COSTS.propertyDescription)}. Images are base64 or data URLs ` +
        "(jpeg, png, webp), never remote URLs; over MCP the whole call is limited to 4 MB.",
      inputSchema: routeInput<PropertyDescriptionRequest>(TOOL_ROUTES.describe_property, { idempotency_key: IDEMPOTENCY_KEY }),
      outputSchema: z.object({ description: z.string(), listing_id: z.string(), image_count: z.number(), credits_charged: z.number().nullable(), replayed: Replayed }),
      annotations: CHARGES,
    },
    async ({ idempotency_key, ...input }) =>
      answer(async () => {
        const done = await client.describeProperty(input, { idempotencyKey: idempotency_key });
        const result = done.result!;
        return { description: result.description, listing_id: result.listing_id, image_count: result.image_analysis.length, credits_charged: done.credits_charged, replayed: done.replayed };
      }),
  );

  server.registerTool(
    "get_usage",
    {
      title: "Read usage and balance",
      description: "The account's monthly quota and use, its credit balance and plan. Free.",
      inputSchema: z.object({}),
      outputSchema: z.object({
        api_monthly_quota: z.number(),
        api_completed_month: z.number(),
        api_total_completed: z.number(),
        credit_balance: z.number().nullable(),
        plan: z.string().nullable(),
      }),
      annotations: READS,
    },
    async () =>
      answer(async () => {
        const me = await client.me();
        return {
          api_monthly_quota: me.api_monthly_quota,
          api_completed_month: me.api_completed_month,
          api_total_completed: me.api_total_completed,
          credit_balance: me.creditBalance,
          plan: me.plan,
        };
      }),
  );

  return server;
}
