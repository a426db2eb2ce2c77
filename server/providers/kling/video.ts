/**
 * Image-to-video through Kling's HTTP API: POST {base}/v1/videos/image2video creates a
 * task ({code, message, data: {task_id, task_status}}), GET …/image2video/{task_id}
 * reports submitted | processing | succeed | failed with task_result.videos[].url.
 * Images go as bare base64 (Kling refuses a data: prefix). before_after sends the tail
 * as image_tail, which Kling only honours in "pro" mode.
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

/** Kling's own codes for "try again later" (rate limits, server trouble) on an HTTP 200. */
const TRANSIENT_CODES = new Set([1302, 1303, 5000, 5001, 5002]);
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
        return unwrap(ctx, await ctx.json<KlingEnvelope>(await ctx.send(url, { ...init, headers })));
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

function unwrap(ctx: CallContext, envelope: KlingEnvelope): KlingTask {
  if (envelope.code !== 0 || !envelope.data?.task_id) {
    const detail = envelope.message ? `: ${ctx.scrub(envelope.message)}` : "";
    throw new ProviderError(`Kling refused the request (code ${envelope.code})${detail}`, {
      transient: TRANSIENT_CODES.has(envelope.code),
    });
  }
  return envelope.data;
}
