/**
 * Image-to-video through Kling's HTTP API: POST {base}/v1/videos/image2video creates a
 * task ({code, message, data: {task_id, task_status}}), GET …/image2video/{task_id}
 * reports submitted | processing | succeed | failed with task_result.videos[].url.
 *
 * Paid once: every create carries `external_task_id` derived from our unit of work, and
 * the task id is recorded (v1.provider_tasks) before waiting; a rerun polls the recorded
 * task, or, when the process died between create and record, finds it in the task list
 * by its external id. Frames are JPEGs within Kling's limits (JPG/PNG ≤ 10 MB, ≥ 300 px,
 * aspect 1:2.5–2.5:1), sent as bare base64 (Kling refuses a data: prefix); `image_tail`
 * only to models that take an end frame, in pro mode.
 *
 * HTTP 429 is not only rate limiting: its body `code` 1100/1101/1102/1304 is an account
 * problem (exception, arrears, resource pack used up, IP not allowed) that no retry can
 * fix, so it fails at once; 1302/1303 are rate limits and are retried.
 */
import "server-only";
import crypto from "node:crypto";
import { ProviderError, type VideoParams, type VideoProvider } from "@/server/providers/types";
import { CallContext } from "@/server/providers/replicate/http";
import { NEGATIVE_PROMPT, videoPrompt } from "@/server/providers/replicate/prompts";
import { prepareImage } from "../hosted/prepare-image";
import type { TaskLedger } from "../task-ledger";
import { klingAuthorization } from "./auth";
import { KLING_FRAME, takesEndFrame } from "./frames";

export interface KlingConfig {
  baseUrl: string;
  apiKey: string;
  model: string;
  timeoutMs: number;
  pollIntervalMs?: number;
  maxOutputBytes?: number;
  /** Where task ids are recorded before waiting (v1.provider_tasks). */
  ledger?: TaskLedger;
}

interface KlingTask {
  task_id: string;
  task_status: "submitted" | "processing" | "succeed" | "failed";
  task_status_msg?: string;
  task_info?: { external_task_id?: string };
  task_result?: { videos?: { url: string }[] };
}

interface KlingEnvelope<T> {
  code: number;
  message?: string;
  data?: T;
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
/** Pro-mode tasks take minutes: polls back off to 16 s, as Kling's own examples do. */
const MAX_POLL_MS = 16_000;
/** The task list's largest page and its last page number (Kling's limits). */
const LIST_PAGE_SIZE = 500;
const LIST_PAGES = 1000;
/** Kling reports no percentage; progress grows with the time a pro task usually takes. */
const TYPICAL_TASK_MS = 240_000;

export function klingVideoProvider(config: KlingConfig): VideoProvider {
  const endpoint = `${config.baseUrl.replace(/\/$/, "")}/v1/videos/image2video`;
  return {
    name: "kling",
    async video(params, signal) {
      const ctx = new CallContext("Kling", config.timeoutMs, config.apiKey, signal);
      // A fresh header per request: a signed token expires during long renders.
      const call = async <T>(url: string, init: RequestInit = {}) => {
        const headers = { Authorization: klingAuthorization(config.apiKey), "Content-Type": "application/json" };
        return unwrap(ctx, await read<T>(ctx, await ctx.fetch(url, { ...init, headers })));
      };
      const workKey = params.workKey;
      const ledger = workKey ? config.ledger : undefined;
      const externalId = workKey ? `atrium-${crypto.createHash("sha256").update(workKey).digest("hex").slice(0, 40)}` : undefined;
      const recorded = workKey ? await ledger?.find(workKey) : null;
      let task = recorded ? await call<KlingTask>(`${endpoint}/${encodeURIComponent(recorded)}`) : await create(params);
      if (workKey && !recorded) await ledger?.record(workKey, "kling", task.task_id);

      const statusUrl = `${endpoint}/${encodeURIComponent(task.task_id)}`;
      let interval = config.pollIntervalMs ?? 2_000;
      let waited = 0;
      while (task.task_status === "submitted" || task.task_status === "processing") {
        await params.onProgress?.(Math.min(90, 5 + Math.round((waited / TYPICAL_TASK_MS) * 85)));
        await ctx.sleep(interval);
        waited += interval;
        interval = Math.min(interval * 1.5, MAX_POLL_MS);
        task = await call<KlingTask>(statusUrl);
      }
      if (task.task_status !== "succeed") {
        // A failed task is not billed; a retry of this work may start a new one.
        if (workKey) await ledger?.forget(workKey);
        const detail = task.task_status_msg ? `: ${ctx.scrub(task.task_status_msg)}` : "";
        throw new ProviderError(`Kling video task failed${detail}`, { transient: false });
      }
      const urls = (task.task_result?.videos ?? []).map((video) => video.url).filter(Boolean);
      if (urls.length === 0) throw new ProviderError("Kling finished without a video.", { transient: false });
      const video = await ctx.download(urls[0], config.maxOutputBytes ?? 500_000_000);
      await params.onProgress?.(100);
      return { provider: "kling", model: config.model, statusUrl, outputs: [video], providerOutputUrls: urls };

      async function create(video: VideoParams): Promise<KlingTask> {
        if (video.tail && video.mode === "before_after" && !takesEndFrame(config.model)) {
          // Refused before a paid task starts: without its end frame the clip would not show the "after".
          throw new ProviderError(
            `Kling model ${config.model} takes no end frame, which before_after needs; set KLING_MODEL to one that does (e.g. kling-v2-1).`,
            { transient: false },
          );
        }
        // reveal's end frame is optional: models that take none animate the start frame alone.
        const tail = video.tail && takesEndFrame(config.model) ? video.tail : null;
        const body: Record<string, unknown> = {
          model_name: config.model,
          image: (await prepareImage(video.image, KLING_FRAME)).bytes.toString("base64"),
          prompt: videoPrompt(video.mode),
          negative_prompt: NEGATIVE_PROMPT,
          duration: String(video.durationSeconds),
          mode: tail ? "pro" : "std",
        };
        if (tail) body.image_tail = (await prepareImage(tail, KLING_FRAME)).bytes.toString("base64");
        if (externalId) body.external_task_id = externalId;
        try {
          return await call<KlingTask>(endpoint, { method: "POST", body: JSON.stringify(body) });
        } catch (error) {
          // Created before a crash or a lost answer, but never recorded: its external id finds it without paying again.
          const existing = externalId ? await findByExternalId(externalId) : null;
          if (existing) return existing;
          throw error;
        }
      }

      /** Every page of the account's tasks, newest first, until the task or the end of the list: others may have been created since. */
      async function findByExternalId(id: string): Promise<KlingTask | null> {
        for (let pageNum = 1; pageNum <= LIST_PAGES; pageNum++) {
          const page = await call<KlingTask[]>(`${endpoint}?pageNum=${pageNum}&pageSize=${LIST_PAGE_SIZE}`).catch(() => null);
          const found = page?.find((candidate) => candidate.task_info?.external_task_id === id);
          if (found) return found;
          if (!page || page.length < LIST_PAGE_SIZE) return null;
        }
        return null;
      }
    },
  };
}

/** The envelope of any answer, 429 included: its `code` says whether a retry can help. */
async function read<T>(ctx: CallContext, response: Response): Promise<KlingEnvelope<T>> {
  const text = await response.text().catch(() => "");
  try {
    const envelope = JSON.parse(text) as KlingEnvelope<T>;
    if (typeof envelope?.code === "number") return response.ok || envelope.code !== 0 ? envelope : { code: -response.status };
  } catch {
    // Not Kling's envelope: judged by the HTTP status below.
  }
  if (response.ok) throw new ProviderError("Kling answered with invalid JSON.", { transient: true });
  throw await ctx.httpFailure(new Response(text, { status: response.status }));
}

function unwrap<T>(ctx: CallContext, envelope: KlingEnvelope<T>): T {
  if (envelope.code !== 0 || envelope.data === undefined || envelope.data === null) {
    const account = ACCOUNT_CODES[envelope.code];
    if (account) throw new ProviderError(`Kling refused the request: ${account} (code ${envelope.code}).`, { transient: false });
    const detail = envelope.message ? `: ${ctx.scrub(envelope.message)}` : "";
    throw new ProviderError(`Kling refused the request (code ${envelope.code})${detail}`, {
      transient: TRANSIENT_CODES.has(envelope.code) || envelope.code === -429 || envelope.code <= -500,
    });
  }
  return envelope.data;
}
