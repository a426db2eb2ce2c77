import createClient from "openapi-fetch";
import { AtriumApiError, errorFromResponse } from "./errors.ts";
import type { paths } from "./generated/v1.ts";
import { retryingFetch, type FetchLike, type RetryOptions } from "./transport.ts";
import {
  planOf,
  type DeleteRequest,
  type InpaintRequest,
  type JobRecord,
  type JobRequest,
  type MultiviewRedoRequest,
  type MultiviewRequest,
  type PropertyDescriptionRequest,
  type UpscaleRequest,
  type VideoRequest,
} from "./types.ts";
import { pollUntil, type WaitOptions } from "./wait.ts";

export interface AtriumClientOptions {
  /** The API's base URL, ending in `/api/v1` (e.g. `https://atrium.example/api/v1`). */
  baseUrl: string;
  /** An API key (`idk_…`), sent as `x-api-key`. */
  apiKey: string;
  /** The fetch to send requests with; the platform's by default. */
  fetch?: FetchLike;
  retry?: RetryOptions;
}

export interface CallOptions {
  signal?: AbortSignal;
}

export interface GenerationOptions extends CallOptions {
  /**
   * Replays the first answer for the same key and body within 24 h, without a second
   * charge. Derive it from the user's one action (a double click or a retried job then
   * starts nothing twice); without one, each call gets a fresh key, so the SDK's own
   * retries of that call are still charged once.
   */
  idempotencyKey?: string;
}

export type JobListPage = { data: JobRecord[]; next: string | null };

/** The cursor of the `Link: <…>; rel="next"` header of GET /jobs, or null on the last page. */
export function nextCursor(link: string | null, base: string): string | null {
  const target = link
    ?.split(",")
    .find((part) => /;\s*rel="?next"?/.test(part))
    ?.match(/<([^>]+)>/)?.[1];
  return target ? new URL(target, base).searchParams.get("cursor") : null;
}

const integerHeader = (value: string | null) => (value !== null && /^\d+$/.test(value.trim()) ? Number(value) : null);

type Outcome = { data?: unknown; error?: unknown; response: Response };

/** The data of a 2xx answer; any other answer, or a 2xx that is not JSON, as AtriumApiError. */
async function settle<R extends Outcome>(pending: Promise<R>): Promise<{ data: NonNullable<R["data"]>; response: Response }> {
  let outcome: R;
  try {
    outcome = await pending;
  } catch (error) {
    if (error instanceof SyntaxError) {
      throw new AtriumApiError({
        status: 200,
        code: "unexpected_response",
        message: "The answer is not the JSON the v1 contract promises.",
        cause: error,
      });
    }
    throw error;
  }
  const requestId = outcome.response.headers.get("x-request-id");
  if (!outcome.response.ok) throw errorFromResponse(outcome.response.status, outcome.error, requestId);
  if (typeof outcome.data !== "object" || outcome.data === null) {
    throw new AtriumApiError({
      status: outcome.response.status,
      code: "unexpected_response",
      message: "The answer does not match the v1 contract.",
      body: outcome.data,
      requestId,
    });
  }
  return { data: outcome.data as NonNullable<R["data"]>, response: outcome.response };
}

/**
 * A client of the v1 API: one method per route, typed from the OpenAPI document,
 * plus wait helpers for the asynchronous workflows. Every failure is an AtriumApiError.
 */
export function createAtriumClient(options: AtriumClientOptions) {
  const baseUrl = options.baseUrl.replace(/\/+$/, "");
  const baseFetch: FetchLike = options.fetch ?? ((url, init) => globalThis.fetch(url, init));
  const api = createClient<paths>({
    baseUrl,
    fetch: retryingFetch(baseFetch, options.retry),
    headers: { "x-api-key": options.apiKey, accept: "application/json" },
  });
  const keyed = (opts?: GenerationOptions) => ({ "Idempotency-Key": opts?.idempotencyKey ?? globalThis.crypto.randomUUID() });
  const read = async <R extends Outcome>(pending: Promise<R>) => (await settle(pending)).data;
  /**
   * A generation's answer, and whether it replays the first answer given for its
   * Idempotency-Key (the service's `Idempotency-Replayed: true`): then nothing ran or
   * was charged again, and `credits_charged` repeats what the first request was charged.
   */
  const generate = async <R extends Outcome>(pending: Promise<R>) => {
    const { data, response } = await settle(pending);
    return { ...data, replayed: response.headers.get("idempotency-replayed") === "true" };
  };

  const client = {
    /** The openapi-fetch client underneath, for calls the methods below do not cover. */
    raw: api,
    /** The API's base URL, as given (without a trailing slash). */
    baseUrl,

    createJob: (input: JobRequest, opts?: GenerationOptions) =>
      generate(api.POST("/job", { body: input, headers: keyed(opts), signal: opts?.signal })),
    /**
     * The legacy body, plus what a finished group names in its headers (D14): its provider
     * (`Atrium-Provider`) and the label to publish its outputs with (`Atrium-Disclosure`).
     * A group whose every output failed throws `job_failed`.
     */
    getJob: async (jobSource: string, opts?: CallOptions) => {
      const { data, response } = await settle(api.GET("/jobs/{jobSource}", { params: { path: { jobSource } }, signal: opts?.signal }));
      return { ...data, provider: response.headers.get("atrium-provider"), disclosure: response.headers.get("atrium-disclosure") };
    },
    /** One page of job groups, newest first; pass `next` back as `cursor` for the following page. */
    listJobs: async (query: { limit?: number; cursor?: string } = {}, opts?: CallOptions): Promise<JobListPage> => {
      const { data, response } = await settle(api.GET("/jobs", { params: { query }, signal: opts?.signal }));
      return { data: data.data, next: nextCursor(response.headers.get("link"), baseUrl) };
    },
    deleteJob: (input: DeleteRequest, opts?: CallOptions) => read(api.POST("/delete", { body: input, signal: opts?.signal })),
    /** The contract body, plus the credit balance and plan of its headers; null when a deployment sends none. */
    me: async (opts?: CallOptions) => {
      const { data, response } = await settle(api.GET("/me", { signal: opts?.signal }));
      return {
        ...data,
        creditBalance: integerHeader(response.headers.get("atrium-credit-balance")),
        plan: planOf(response.headers.get("atrium-plan")),
      };
    },
    createMultiview: (input: MultiviewRequest, opts?: GenerationOptions) =>
      generate(api.POST("/multiview", { body: input, headers: keyed(opts), signal: opts?.signal })),
    getMultiview: (renderSetId: string, opts?: CallOptions) =>
      read(api.GET("/multiview", { params: { query: { render_set_id: renderSetId } }, signal: opts?.signal })),
    redoMultiview: (input: MultiviewRedoRequest, opts?: GenerationOptions) =>
      generate(api.POST("/multiview/redo", { body: input, headers: keyed(opts), signal: opts?.signal })),
    inpaint: (input: InpaintRequest, opts?: GenerationOptions) =>
      generate(api.POST("/inpaint", { body: input, headers: keyed(opts), signal: opts?.signal })),
    upscale: (input: UpscaleRequest, opts?: GenerationOptions) =>
      generate(api.POST("/upscale", { body: input, headers: keyed(opts), signal: opts?.signal })),
    createVideo: (input: VideoRequest, opts?: GenerationOptions) =>
      generate(api.POST("/video", { body: input, headers: keyed(opts), signal: opts?.signal })),
    getVideo: (jobId: string, opts?: CallOptions) =>
      read(api.GET("/video", { params: { query: { job_id: jobId } }, signal: opts?.signal })),
    describeProperty: (input: PropertyDescriptionRequest, opts?: GenerationOptions) =>
      generate(api.POST("/tools/property-description", { body: input, headers: keyed(opts), signal: opts?.signal })),

    /** Reads a job group until it is no longer `processing`; a group whose every output failed throws `job_failed`. */
    waitForJob: (jobSource: string, opts?: WaitOptions) =>
      pollUntil(
        () => client.getJob(jobSource, opts),
        (job) => job.status !== "processing",
        `Job ${jobSource}`,
        opts,
      ),
    /** Reads a multi-view set until every view is terminal: `completed`, or `failed` when the anchor failed. */
    waitForRenderSet: (renderSetId: string, opts?: WaitOptions) =>
      pollUntil(
        () => client.getMultiview(renderSetId, opts),
        (set) => set.status !== "processing",
        `Render set ${renderSetId}`,
        opts,
      ),
    /** Reads a video job until it is `completed` (with `video_url`) or `failed`. */
    waitForVideo: (jobId: string, opts?: WaitOptions) =>
      pollUntil(
        () => client.getVideo(jobId, opts),
        (video) => video.status !== "processing",
        `Video ${jobId}`,
        opts,
      ),
  };
  return client;
}

export type AtriumClient = ReturnType<typeof createAtriumClient>;
