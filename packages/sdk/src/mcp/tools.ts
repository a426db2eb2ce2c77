import { registerAppResource, registerAppTool, RESOURCE_MIME_TYPE } from "@modelcontextprotocol/ext-apps/server";
import { fromJsonSchema, McpServer, type CallToolResult, type JsonSchemaType } from "@modelcontextprotocol/server";
import { z } from "zod";
import type { AtriumClient } from "../client.ts";
import { AtriumApiError, isAtriumError } from "../errors.ts";
import { REQUEST_SCHEMAS } from "../generated/request-schemas.ts";
import { CREDIT_COSTS, PAID_PLANS } from "../generated/terms.ts";
import { RESULT_VIEW_HTML } from "../generated/result-view.ts";
import type { InpaintRequest, JobRequest, MultiviewRequest, PropertyDescriptionRequest, UpscaleRequest, VideoRequest } from "../types.ts";
import type { WaitOptions } from "../wait.ts";

export interface AtriumMcpServerOptions {
  /** How the tools that wait poll the API; by default every 2 s for up to 5 minutes. */
  wait?: WaitOptions;
  /** Reported to clients as the server's version. */
  version?: string;
  /**
   * Origins the result view may load images and videos from (its CSP's resource domains):
   * where the API serves outputs. By default the API's own origin; a deployment that keeps
   * files in a bucket adds the bucket's.
   */
  viewResourceDomains?: string[];
}

/** "N credits", as the route's billing note says it. */
const credits = (amount: number) => `${amount} ${amount === 1 ? "credit" : "credits"}`;
/** "premium and business plans": the plans multi-view and video need. */
const PAID_PLAN_WORDS = `${PAID_PLANS.join(" and ")} plans`;

/** The MCP App view (ext-apps) of the staging, multi-view and video tools' results. */
export const RESULT_VIEW_URI = "ui://atrium/result.html";

/** Arguments a tool takes beside its route's body: they steer the call, never reach the body. */
const IDEMPOTENCY_KEY = {
  type: "string",
  minLength: 1,
  maxLength: 255,
  description: "Optional Idempotency-Key: the same key and arguments within 24 h replay the first answer without a second charge.",
} as const;
const waitFlag = (what: string) =>
  ({ type: "boolean", default: false, description: `Wait until ${what} is finished before answering (polls the API).` }) as const;

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

const Replayed = z
  .boolean()
  .describe("true when this answer replays the first one given for the same idempotency_key: nothing ran or was charged again.");
const ErrorInfo = z.object({ code: z.string(), message: z.string() }).nullable();
/** The service's structure check of a staged image (D17): `review` asks a person to look before it is published. */
const OutputCheck = z.object({
  verdict: z.enum(["pass", "review"]),
  summary: z.string(),
  zones: z.array(
    z.object({
      zone: z.string(),
      reason: z.string(),
      region: z.object({ x: z.number(), y: z.number(), width: z.number(), height: z.number() }).nullable(),
    }),
  ),
});
const OutputChecks = OutputCheck.array()
  .optional()
  .describe(
    "The structure check's verdict on each output, parallel to output_urls; a review one should be looked at before it is published.",
  );
const View = z.object({
  view_index: z.number(),
  status: z.string(),
  output_url: z.string().nullable(),
  output_check: OutputCheck.nullable(),
});
const READS = { readOnlyHint: true, destructiveHint: false, openWorldHint: false } as const;
const CHARGES = { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false } as const;

/** A tool's answer: the structured result, and the same as JSON text for clients that read only text (a summary in words first, when given). */
function structured(result: Record<string, unknown>, words?: string): CallToolResult {
  const json = { type: "text" as const, text: JSON.stringify(result) };
  return { content: words ? [{ type: "text", text: words }, json] : [json], structuredContent: result };
}

type Check = { verdict: string; summary: string } | null | undefined;
const reviewNote = (check: Check) =>
  check?.verdict === "review" ? ` ${check.summary.startsWith("Check this") ? check.summary : `Check this: ${check.summary}`}` : "";

/**
 * The result in words with its links, for hosts that show no app view: what was made, the
 * label to publish it with (the API's disclosure, e.g. "Virtually staged"), each result
 * beside its photo, and a "Check this" note where the structure check asks for a look (D17).
 */
function inWords(
  what: string,
  disclosure: string | null | undefined,
  pairs: { before?: string | null; after?: string | null; check?: Check }[],
  pending: string,
): string {
  const made = pairs.filter((pair) => pair.after);
  if (made.length === 0) return pending;
  const label = disclosure ? ` Label it "${disclosure}" wherever it is shown.` : "";
  const lines = made.map(
    (pair, index) => `${index + 1}. ${pair.after}${pair.before ? ` (before: ${pair.before})` : ""}.${reviewNote(pair.check)}`,
  );
  return [`${what}.${label}`, ...lines].join("\n");
}

const Disclosure = z
  .string()
  .nullable()
  .describe(
    'The label to publish the result with (MLS rules), as the API returns it: e.g. "Virtually staged", or "Style preview" for the offline provider.',
  );

/** The API's refusal or failure as a tool error the assistant can read (its code first), never a protocol error. */
async function answer(
  work: () => Promise<Record<string, unknown>>,
  words?: (result: Record<string, unknown>) => string,
): Promise<CallToolResult> {
  try {
    const result = await work();
    return structured(result, words?.(result));
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
  const csp = { resourceDomains: options.viewResourceDomains ?? [new URL(client.baseUrl).origin] };
  const view = { ui: { resourceUri: RESULT_VIEW_URI } };

  registerAppResource(
    server,
    "Atrium result",
    RESULT_VIEW_URI,
    {
      description: "Before and after, with the label to publish the result with and the structure check's notes.",
      _meta: { ui: { csp, prefersBorder: true } },
    },
    async () => ({
      contents: [
        { uri: RESULT_VIEW_URI, mimeType: RESOURCE_MIME_TYPE, text: RESULT_VIEW_HTML, _meta: { ui: { csp, prefersBorder: true } } },
      ],
    }),
  );

  registerAppTool(
    server,
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
        source_url: z.string(),
        output_urls: z.array(z.string()),
        output_checks: z
          .array(OutputCheck.nullable())
          .describe(
            "The structure check's verdict on each output, parallel to output_urls (D17); review asks a person to look before it is published.",
          ),
        provider: z.string().nullable(),
        disclosure: Disclosure,
        replayed: Replayed,
      }),
      annotations: CHARGES,
      _meta: view,
    },
    async ({ idempotency_key, ...input }) =>
      answer(
        async () => {
          const { jobId, replayed } = await client.createJob(input, { idempotencyKey: idempotency_key });
          const started = { job_id: jobId, source_url: input.source_url, replayed };
          try {
            const job = await client.waitForJob(jobId, wait);
            const outputs = job.data?.output_urls ?? [];
            const checks = outputs.map((_, index) => job.data?.output_checks?.[index] ?? null);
            return {
              ...started,
              status: job.status,
              output_urls: outputs,
              output_checks: checks,
              provider: job.provider,
              disclosure: job.disclosure,
            };
          } catch (error) {
            if (!isAtriumError(error, "wait_timeout")) throw error;
            return { ...started, status: "processing", output_urls: [], output_checks: [], provider: null, disclosure: null };
          }
        },
        (result) =>
          inWords(
            `Staged photo (job ${String(result.job_id)}, ${String(result.status)})`,
            result.disclosure as string | null,
            (result.output_urls as string[]).map((after, index) => ({
              before: result.source_url as string,
              after,
              check: (result.output_checks as Check[])[index],
            })),
            `Job ${String(result.job_id)} is still processing: read it later with get_job_status.`,
          ),
      ),
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
          return {
            kind,
            job_id,
            status: video.status,
            video_url: video.result?.video_url ?? null,
            progress: video.result?.progress ?? 0,
            error: video.error,
          };
        }
        if (kind === "multiview") {
          const set = await client.getMultiview(job_id);
          const views = (set.result?.views ?? []).map(({ view_index, status, output_url, output_check }) => ({
            view_index,
            status,
            output_url,
            output_check,
          }));
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

  const EnvelopeResult = z.object({
    job_id: z.string().nullable(),
    status: z.string(),
    output_urls: z.array(z.string()),
    credits_charged: z.number().nullable(),
    replayed: Replayed,
  });
  /** A synchronous route's envelope (inpaint, upscale) as those tools answer it. */
  const envelopeResult = (done: Awaited<ReturnType<AtriumClient["upscale" | "inpaint"]>>) => ({
    job_id: done.job_id,
    status: done.status,
    output_urls: done.result?.output_urls ?? [],
    credits_charged: done.credits_charged,
    replayed: done.replayed,
  });

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
        return envelopeResult(await client.inpaint(input, { idempotencyKey: idempotency_key }));
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
        return envelopeResult(await client.upscale(input, { idempotencyKey: idempotency_key }));
      }),
  );

  registerAppTool(
    server,
    "create_video",
    {
      title: "Make a five-second video",
      description:
        `Renders a 5-second MP4 from a photo (${PAID_PLAN_WORDS}). 1 quota unit, ${credits(CREDIT_COSTS.video)}. ` +
        "Without wait it answers at once: read it later with get_job_status (kind video).",
      inputSchema: routeInput<VideoRequest>(TOOL_ROUTES.create_video, { wait: waitFlag("the video"), idempotency_key: IDEMPOTENCY_KEY }),
      outputSchema: z.object({
        job_id: z.string(),
        status: z.string(),
        image_url: z.string(),
        video_url: z.string().nullable(),
        disclosure: Disclosure,
        credits_charged: z.number().nullable(),
        replayed: Replayed,
        error: ErrorInfo,
      }),
      annotations: CHARGES,
      _meta: view,
    },
    async ({ idempotency_key, wait: waitForIt, ...input }) =>
      answer(
        async () => {
          const started = await client.createVideo(input, { idempotencyKey: idempotency_key });
          const jobId = started.job_id!;
          const video = waitForIt ? await client.waitForVideo(jobId, wait) : null;
          return {
            job_id: jobId,
            status: video?.status ?? started.status,
            image_url: input.image_url,
            video_url: video?.result?.video_url ?? null,
            disclosure: started.result?.disclosure ?? null,
            credits_charged: started.credits_charged,
            replayed: started.replayed,
            error: video?.error ?? started.error,
          };
        },
        (result) =>
          inWords(
            `Video (job ${String(result.job_id)}, ${String(result.status)})`,
            result.disclosure as string | null,
            [{ before: result.image_url as string, after: result.video_url as string | null }],
            `Video ${String(result.job_id)} is rendering: read it later with get_job_status (kind video).`,
          ),
      ),
  );

  registerAppTool(
    server,
    "create_multiview",
    {
      title: "Stage several views of one room alike",
      description:
        `Stages an anchor photo, then 1 to 3 more views of the same room in its style (${PAID_PLAN_WORDS}; a preview feature). ` +
        `1 quota unit; ${credits(CREDIT_COSTS.multiviewAnchor)} for the anchor and ${CREDIT_COSTS.multiviewSibling} per further view. Without wait, read it later with get_job_status (kind multiview). ` +
        "keep_mask_url keeps areas of the anchor photo exactly; additional_keep_mask_urls, one per further view (null where a view keeps nothing), keeps theirs.",
      inputSchema: routeInput<MultiviewRequest>(TOOL_ROUTES.create_multiview, {
        wait: waitFlag("every view"),
        idempotency_key: IDEMPOTENCY_KEY,
      }),
      outputSchema: z.object({
        render_set_id: z.string(),
        status: z.string(),
        views: z.array(View.extend({ source_url: z.string().nullable() })),
        disclosure: Disclosure,
        credits_charged: z.number().nullable(),
        replayed: Replayed,
      }),
      annotations: CHARGES,
      _meta: view,
    },
    async ({ idempotency_key, wait: waitForIt, ...input }) =>
      answer(
        async () => {
          const started = await client.createMultiview(input, { idempotencyKey: idempotency_key });
          const renderSetId = started.result!.render_set_id;
          const set = waitForIt ? await client.waitForRenderSet(renderSetId, wait) : await client.getMultiview(renderSetId);
          const sources = [input.source_url, ...input.additional_view_urls];
          const views = (set.result?.views ?? []).map(({ view_index, status, output_url, output_check }) => ({
            view_index,
            status,
            source_url: sources[view_index] ?? null,
            output_url,
            output_check,
          }));
          return {
            render_set_id: renderSetId,
            status: set.status,
            views,
            disclosure: set.result?.disclosure ?? null,
            credits_charged: started.credits_charged,
            replayed: started.replayed,
          };
        },
        (result) =>
          inWords(
            `Multi-view set ${String(result.render_set_id)} (${String(result.status)})`,
            result.disclosure as string | null,
            (result.views as { source_url: string | null; output_url: string | null; output_check: Check }[]).map((view) => ({
              before: view.source_url,
              after: view.output_url,
              check: view.output_check,
            })),
            `Set ${String(result.render_set_id)} is still staging: read it later with get_job_status (kind multiview).`,
          ),
      ),
  );

  server.registerTool(
    "describe_property",
    {
      title: "Write a listing description",
      description:
        `Writes listing copy from photos and property facts (a preview feature). 1 quota unit, ${credits(CREDIT_COSTS.propertyDescription)}. Images are base64 or data URLs ` +
        "(jpeg, png, webp), never remote URLs; over MCP the whole call is limited to 4 MB.",
      inputSchema: routeInput<PropertyDescriptionRequest>(TOOL_ROUTES.describe_property, { idempotency_key: IDEMPOTENCY_KEY }),
      outputSchema: z.object({
        description: z.string(),
        listing_id: z.string(),
        image_count: z.number(),
        credits_charged: z.number().nullable(),
        replayed: Replayed,
      }),
      annotations: CHARGES,
    },
    async ({ idempotency_key, ...input }) =>
      answer(async () => {
        const done = await client.describeProperty(input, { idempotencyKey: idempotency_key });
        const result = done.result!;
        return {
          description: result.description,
          listing_id: result.listing_id,
          image_count: result.image_analysis.length,
          credits_charged: done.credits_charged,
          replayed: done.replayed,
        };
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
