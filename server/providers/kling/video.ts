/**
 * Image-to-video through Kling's HTTP API: POST {base}/v1/videos/image2video creates a
 * task ({code, message, data: {task_id, task_status}}), GET …/image2video/{task_id}
 * reports submitted | processing | succeed | failed with task_result.videos[].url.
 * Images go as bare base64 (Kling refuses a data: prefix). before_after sends the tail
 * as image_tail, which Kling only honours in "pro" mode.
 *
 * HTTP 429 is not only rate limiting: its body `code` 1100/1101/1102/1304 is an account
 * problem (exception, arrears, resource pack used up, IP not allowed) that no retry can
 * fix, so it fails at once; 1302/1303 are rate limits and are retried.
 */
import { ProviderError, type VideoProvider } from "@/server/providers/types";
import { CallContext } from "@/server/providers/replicate/http";
import { videoPrompt } from "@/server/providers/replicate/prompts";
import { klingAuthorization } from "./auth";

export interface KlingConfig {
  baseUrl: string;
  apiKey: string;
  model: string;
  timeoutMs: number;
  pollIntervalMs?: number;
  maxOutputBytes?: number;
}

interface KlingTask {
  task_id: string;
  task_status: "submitted" | "processing" | "succeed" | "failed";
  task_status_msg?: string;
  task_result?: { videos?: { url: string }[] };
}

interface KlingEnvelope {
  code: number;
  message?: string;
  data?: KlingTask;
}

/** Kling's own codes for "try again later" (rate limits, server trouble). */
const TRANSIENT_CODES = new Set([1302, 1303, 5000, 5001, 5002]);
/** Account problems Kling also answers with HTTP 429: permanent. */
const ACCOUNT_CODES: Record<number, string> = {
  1100: "the Kling account has a problem",
  1101: "the Kling account is in arrears",
  1102: "the Kling resource pack is used up",
  1304: "this server's IP address is not allowed by the Kling account",
};
const MAX_POLL_MS = 10_000;

export function klingVideoProvider(config: KlingConfig): VideoProvider {
  const endpoint = `${config.baseUrl.replace(/\/$/, "")}/v1/videos/image2video`;
  return {
    name: "kling",
    async video(params, signal) {
      const ctx = new CallContext("Kling", config.timeoutMs, config.apiKey, signal);
      // A fresh header per request: a signed token expires during long renders.
      const call = async (url: string, init: RequestInit = {}) => {
        const headers = { Authorization: klingAuthorization(config.apiKey), "Content-Type": "application/json" };
        return unwrap(ctx, await read(ctx, await ctx.fetch(url, { ...init, headers })));
      };
      const body: Record<string, unknown> = {
        model_name: config.model,
        image: params.image.toString("base64"),
        prompt: videoPrompt(params.mode),
        duration: String(params.durationSeconds),
        mode: params.tail ? "pro" : "std",
      };
      if (params.tail) body.image_tail = params.tail.toString("base64");
      let task = await call(endpoint, { method: "POST", body: JSON.stringify(body) });
      const statusUrl = `${endpoint}/${encodeURIComponent(task.task_id)}`;
      let interval = config.pollIntervalMs ?? 2_000;
      while (task.task_status === "submitted" || task.task_status === "processing") {
        await params.onProgress?.(task.task_status === "processing" ? 10 : 0);
        await ctx.sleep(interval);
        interval = Math.min(interval * 1.5, MAX_POLL_MS);
        task = await call(statusUrl);
      }
      if (task.task_status !== "succeed") {
        const detail = task.task_status_msg ? `: ${ctx.scrub(task.task_status_msg)}` : "";
        throw new ProviderError(`Kling video task failed${detail}`, { transient: false });
      }
      const urls = (task.task_result?.videos ?? []).map((video) => video.url).filter(Boolean);
      if (urls.length === 0) throw new ProviderError("Kling finished without a video.", { transient: false });
      const video = await ctx.download(urls[0], config.maxOutputBytes ?? 500_000_000);
      await params.onProgress?.(100);
      return { provider: "kling", model: config.model, statusUrl, outputs: [video], providerOutputUrls: urls };
    },
  };
}

/** The envelope of any answer, 429 included: its `code` says whether a retry can help. */
async function read(ctx: CallContext, response: Response): Promise<KlingEnvelope> {
  const text = await response.text().catch(() => "");
  try {
    const envelope = JSON.parse(text) as KlingEnvelope;
    if (typeof envelope?.code === "number") return response.ok || envelope.code !== 0 ? envelope : { code: -response.status };
  } catch {
    // Not Kling's envelope: judged by the HTTP status below.
  }
  if (response.ok) throw new ProviderError("Kling answered with invalid JSON.", { transient: true });
  throw await ctx.httpFailure(new Response(text, { status: response.status }));
}

function unwrap(ctx: CallContext, envelope: KlingEnvelope): KlingTask {
  if (envelope.code !== 0 || !envelope.data?.task_id) {
    const account = ACCOUNT_CODES[envelope.code];
    if (account) throw new ProviderError(`Kling refused the request: ${account} (code ${envelope.code}).`, { transient: false });
    const detail = envelope.message ? `: ${ctx.scrub(envelope.message)}` : "";
    throw new ProviderError(`Kling refused the request (code ${envelope.code})${detail}`, {
      transient: TRANSIENT_CODES.has(envelope.code) || envelope.code === -429 || envelope.code <= -500,
    });
  }
  return envelope.data;
}
