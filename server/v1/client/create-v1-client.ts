/**
 * A typed client of the public v1 API, one method per route. It depends only on the
 * request/response schemas, so the studio can point it at any deployment. Requests are
 * typed by the schemas' input side (display labels allowed), answers are parsed with the
 * response schemas, and every failure is a V1ApiError.
 */
import type { z } from "zod";
import {
  DeleteRequestSchema,
  DeleteResponseSchema,
  JobCreatedSchema,
  JobListSchema,
  JobRequestSchema,
  JobStatusResponseSchema,
  MeResponseSchema,
} from "@/server/v1/schemas/job";
import {
  InpaintRequestSchema,
  InpaintResponseSchema,
  UpscaleRequestSchema,
  UpscaleResponseSchema,
  VideoCreatedSchema,
  VideoRequestSchema,
  VideoStatusSchema,
} from "@/server/v1/schemas/media";
import {
  MultiviewCreatedSchema,
  MultiviewRedoRequestSchema,
  MultiviewRedoSchema,
  MultiviewRequestSchema,
  MultiviewStatusSchema,
} from "@/server/v1/schemas/multiview";
import { PropertyDescriptionRequestSchema, PropertyDescriptionResponseSchema } from "@/server/v1/schemas/property-description";
import { errorFromResponse, V1ApiError } from "./v1-api-error";

export interface V1ClientOptions {
  /** The API's base URL, ending in `/api/v1`. */
  baseUrl: string;
  apiKey: string;
  fetch?: typeof fetch;
}

export interface CallOptions {
  signal?: AbortSignal;
}

export interface GenerationOptions extends CallOptions {
  /** Replays the first answer for the same key and body within 24 h, without a second charge. */
  idempotencyKey?: string;
}

interface Call<S extends z.ZodType> extends GenerationOptions {
  method: "GET" | "POST";
  path: string;
  schema: S;
  body?: unknown;
  query?: Record<string, string | number | undefined>;
}

export type JobListPage = { data: z.infer<typeof JobListSchema>["data"]; next: string | null };

/** The cursor of the `Link: <…>; rel="next"` header of GET /jobs, or null on the last page. */
export function nextCursor(link: string | null, base: string): string | null {
  const target = link?.split(",").find((part) => /;\s*rel="?next"?/.test(part))?.match(/<([^>]+)>/)?.[1];
  return target ? new URL(target, base).searchParams.get("cursor") : null;
}

export function createV1Client(options: V1ClientOptions) {
  const base = options.baseUrl.replace(/\/+$/, "");
  const doFetch = options.fetch ?? fetch;

  async function request<S extends z.ZodType>(call: Call<S>): Promise<{ data: z.infer<S>; headers: Headers }> {
    const url = new URL(base + call.path);
    for (const [name, value] of Object.entries(call.query ?? {})) if (value !== undefined) url.searchParams.set(name, String(value));
    const headers: Record<string, string> = { "x-api-key": options.apiKey, accept: "application/json" };
    if (call.body !== undefined) headers["content-type"] = "application/json";
    if (call.idempotencyKey) headers["idempotency-key"] = call.idempotencyKey;

    let response: Response;
    let text: string;
    try {
      response = await doFetch(url, { method: call.method, headers, body: call.body === undefined ? undefined : JSON.stringify(call.body), signal: call.signal });
      text = await response.text();
    } catch (cause) {
      if (call.signal?.aborted) throw cause;
      throw new V1ApiError({ status: 502, code: "v1_unavailable", message: `The image service at ${base} could not be reached.`, cause });
    }
    const body = parseJson(text);
    if (!response.ok) throw errorFromResponse(response.status, body);
    const parsed = call.schema.safeParse(body);
    if (!parsed.success) {
      throw new V1ApiError({ status: response.status, code: "unexpected_response", message: "The answer does not match the v1 contract.", details: parsed.error.issues, body });
    }
    return { data: parsed.data, headers: response.headers };
  }

  const read = async <S extends z.ZodType>(call: Call<S>) => (await request(call)).data;

  return {
    createJob: (input: z.input<typeof JobRequestSchema>, opts?: GenerationOptions) =>
      read({ method: "POST", path: "/job", schema: JobCreatedSchema, body: input, ...opts }),
    getJob: (jobSource: string, opts?: CallOptions) =>
      read({ method: "GET", path: `/jobs/${encodeURIComponent(jobSource)}`, schema: JobStatusResponseSchema, ...opts }),
    listJobs: async (query: { limit?: number; cursor?: string } = {}, opts?: CallOptions): Promise<JobListPage> => {
      const { data, headers } = await request({ method: "GET", path: "/jobs", schema: JobListSchema, query, ...opts });
      return { data: data.data, next: nextCursor(headers.get("link"), base) };
    },
    deleteJob: (input: z.input<typeof DeleteRequestSchema>, opts?: CallOptions) =>
      read({ method: "POST", path: "/delete", schema: DeleteResponseSchema, body: input, ...opts }),
    me: (opts?: CallOptions) => read({ method: "GET", path: "/me", schema: MeResponseSchema, ...opts }),
    createMultiview: (input: z.input<typeof MultiviewRequestSchema>, opts?: GenerationOptions) =>
      read({ method: "POST", path: "/multiview", schema: MultiviewCreatedSchema, body: input, ...opts }),
    getMultiview: (renderSetId: string, opts?: CallOptions) =>
      read({ method: "GET", path: "/multiview", schema: MultiviewStatusSchema, query: { render_set_id: renderSetId }, ...opts }),
    redoMultiview: (input: z.input<typeof MultiviewRedoRequestSchema>, opts?: GenerationOptions) =>
      read({ method: "POST", path: "/multiview/redo", schema: MultiviewRedoSchema, body: input, ...opts }),
    inpaint: (input: z.input<typeof InpaintRequestSchema>, opts?: GenerationOptions) =>
      read({ method: "POST", path: "/inpaint", schema: InpaintResponseSchema, body: input, ...opts }),
    upscale: (input: z.input<typeof UpscaleRequestSchema>, opts?: GenerationOptions) =>
      read({ method: "POST", path: "/upscale", schema: UpscaleResponseSchema, body: input, ...opts }),
    createVideo: (input: z.input<typeof VideoRequestSchema>, opts?: GenerationOptions) =>
      read({ method: "POST", path: "/video", schema: VideoCreatedSchema, body: input, ...opts }),
    getVideo: (jobId: string, opts?: CallOptions) =>
      read({ method: "GET", path: "/video", schema: VideoStatusSchema, query: { job_id: jobId }, ...opts }),
    describeProperty: (input: z.input<typeof PropertyDescriptionRequestSchema>, opts?: GenerationOptions) =>
      read({ method: "POST", path: "/tools/property-description", schema: PropertyDescriptionResponseSchema, body: input, ...opts }),
  };
}

export type V1Client = ReturnType<typeof createV1Client>;

function parseJson(text: string): unknown {
  if (text === "") return null;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}
