/**
 * A typed client of the public v1 API, one method per route of the route contract
 * (server/v1/routes.ts), whose method, path and response schema it takes from there. It
 * depends only on that table and the schemas, so the studio can point it at any deployment. Requests are
 * typed by the schemas' input side (display labels allowed), answers are parsed with the
 * response schemas, and every failure is a V1ApiError.
 */
import "server-only";
import { PROVIDER_HEADERS } from "@/server/v1/schemas/disclosure";
import type { z } from "zod";
import { ACCOUNT_HEADERS, PlanSchema, type JobListSchema } from "@/server/v1/schemas/job";
import { V1_ROUTE_TABLE, type V1OperationId, type V1Route } from "@/server/v1/routes";
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

interface Call<R extends V1Route> extends GenerationOptions {
  route: R;
  /** Values of the path's `{name}` segments. */
  params?: Record<string, string>;
  body?: unknown;
  query?: Record<string, string | number | undefined>;
}

type Routes = typeof V1_ROUTE_TABLE;
type Answer<R extends V1Route> = z.infer<R["response"]>;
type BodyIn<K extends V1OperationId> = Routes[K] extends { body: z.ZodType } ? z.input<Routes[K]["body"]> : never;

function fillPath(path: string, params: Record<string, string> = {}): string {
  return path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(params[name]));
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

  async function request<R extends V1Route>(call: Call<R>): Promise<{ data: Answer<R>; headers: Headers }> {
    const method = call.route.method.toUpperCase();
    const url = new URL(base + fillPath(call.route.path, call.params));
    for (const [name, value] of Object.entries(call.query ?? {})) if (value !== undefined) url.searchParams.set(name, String(value));
    const headers: Record<string, string> = { "x-api-key": options.apiKey, accept: "application/json" };
    if (call.body !== undefined) headers["content-type"] = "application/json";
    if (call.idempotencyKey) headers["idempotency-key"] = call.idempotencyKey;

    let response: Response;
    let text: string;
    try {
      response = await doFetch(url, { method, headers, body: call.body === undefined ? undefined : JSON.stringify(call.body), signal: call.signal });
      text = await response.text();
    } catch (cause) {
      if (call.signal?.aborted) throw cause;
      throw new V1ApiError({ status: 502, code: "v1_unavailable", message: `The image service at ${base} could not be reached.`, cause });
    }
    const body = parseJson(text);
    if (!response.ok) throw errorFromResponse(response.status, body);
    const parsed = call.route.response.safeParse(body);
    if (!parsed.success) {
      throw new V1ApiError({ status: response.status, code: "unexpected_response", message: "The answer does not match the v1 contract.", details: parsed.error.issues, body });
    }
    return { data: parsed.data as Answer<R>, headers: response.headers };
  }

  const read = async <R extends V1Route>(call: Call<R>) => (await request(call)).data;
  const routes = V1_ROUTE_TABLE;

  return {
    createJob: (input: BodyIn<"createJob">, opts?: GenerationOptions) => read({ route: routes.createJob, body: input, ...opts }),
    /** The legacy body, plus the provider a finished group names in its `Atrium-Provider` header (D14). */
    getJob: async (jobSource: string, opts?: CallOptions) => {
      const { data, headers } = await request({ route: routes.getJob, params: { jobSource }, ...opts });
      return { ...data, provider: headers.get(PROVIDER_HEADERS.provider) };
    },
    listJobs: async (query: { limit?: number; cursor?: string } = {}, opts?: CallOptions): Promise<JobListPage> => {
      const { data, headers } = await request({ route: routes.listJobs, query, ...opts });
      return { data: data.data, next: nextCursor(headers.get("link"), base) };
    },
    deleteJob: (input: BodyIn<"deleteJob">, opts?: CallOptions) => read({ route: routes.deleteJob, body: input, ...opts }),
    /** The contract body, plus the balance and plan of its headers (D14); null when a deployment sends none. */
    me: async (opts?: CallOptions) => {
      const { data, headers } = await request({ route: routes.me, ...opts });
      return { ...data, creditBalance: integerHeader(headers.get(ACCOUNT_HEADERS.creditBalance)), plan: planHeader(headers.get(ACCOUNT_HEADERS.plan)) };
    },
    createMultiview: (input: BodyIn<"createMultiview">, opts?: GenerationOptions) => read({ route: routes.createMultiview, body: input, ...opts }),
    getMultiview: (renderSetId: string, opts?: CallOptions) => read({ route: routes.getMultiview, query: { render_set_id: renderSetId }, ...opts }),
    redoMultiview: (input: BodyIn<"redoMultiview">, opts?: GenerationOptions) => read({ route: routes.redoMultiview, body: input, ...opts }),
    inpaint: (input: BodyIn<"inpaint">, opts?: GenerationOptions) => read({ route: routes.inpaint, body: input, ...opts }),
    upscale: (input: BodyIn<"upscale">, opts?: GenerationOptions) => read({ route: routes.upscale, body: input, ...opts }),
    createVideo: (input: BodyIn<"createVideo">, opts?: GenerationOptions) => read({ route: routes.createVideo, body: input, ...opts }),
    getVideo: (jobId: string, opts?: CallOptions) => read({ route: routes.getVideo, query: { job_id: jobId }, ...opts }),
    describeProperty: (input: BodyIn<"describeProperty">, opts?: GenerationOptions) => read({ route: routes.describeProperty, body: input, ...opts }),
  } satisfies Record<V1OperationId, unknown>;
}

export type V1Client = ReturnType<typeof createV1Client>;

function integerHeader(value: string | null): number | null {
  return value !== null && /^\d+$/.test(value.trim()) ? Number(value) : null;
}

function planHeader(value: string | null): z.infer<typeof PlanSchema> | null {
  const parsed = PlanSchema.safeParse(value?.trim());
  return parsed.success ? parsed.data : null;
}

function parseJson(text: string): unknown {
  if (text === "") return null;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}
