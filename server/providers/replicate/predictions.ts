/**
 * Runs one Replicate prediction to the end over the HTTP predictions API: create it
 * (holding the request open with `Prefer: wait` so quick models answer at once), poll
 * `urls.get` with backoff until a terminal status, cancel it if we give up, and copy
 * every output into memory because Replicate deletes outputs after an hour.
 */
import { ProviderError, type ImageFile } from "@/server/providers/types";
import { CallContext } from "./http";

export interface ReplicateConfig {
  baseUrl: string;
  token: string;
  timeoutMs: number;
  /** First poll delay; it grows 1.5× per poll up to MAX_POLL_MS. */
  pollIntervalMs?: number;
  maxOutputBytes?: number;
}

export type PredictionStatus = "starting" | "processing" | "succeeded" | "failed" | "canceled" | "aborted";

export interface Prediction {
  id: string;
  status: PredictionStatus;
  output: unknown;
  error: unknown;
  logs?: string | null;
  urls: { get: string; cancel: string };
}

export interface PredictionRun {
  prediction: Prediction;
  outputs: ImageFile[];
  outputUrls: string[];
}

const MAX_POLL_MS = 5_000;
const MAX_WAIT_SECONDS = 60;
const POLL_FAILURES_TOLERATED = 3;
const DEFAULT_MAX_OUTPUT_BYTES = 200_000_000;

export async function runPrediction(
  config: ReplicateConfig,
  model: string,
  input: Record<string, unknown>,
  options: { signal?: AbortSignal; onUpdate?: (prediction: Prediction) => Promise<void> | void } = {},
): Promise<PredictionRun> {
  const ctx = new CallContext("Replicate", config.timeoutMs, config.token, options.signal);
  let prediction = await create(ctx, config, model, input);
  try {
    let interval = config.pollIntervalMs ?? 500;
    let failures = 0;
    while (prediction.status === "starting" || prediction.status === "processing") {
      await options.onUpdate?.(prediction);
      await ctx.sleep(interval);
      interval = Math.min(interval * 1.5, MAX_POLL_MS);
      try {
        prediction = await ctx.json<Prediction>(await ctx.send(prediction.urls.get, { headers: authHeaders(config) }));
        failures = 0;
      } catch (error) {
        // A blip while polling must not throw away a prediction that is still running (and billed).
        const blip = error instanceof ProviderError && error.transient && !error.timeout;
        if (!blip || ++failures > POLL_FAILURES_TOLERATED) throw error;
      }
    }
  } catch (error) {
    await cancel(config, prediction);
    throw error;
  }
  return finish(ctx, config, prediction);
}

async function create(
  ctx: CallContext,
  config: ReplicateConfig,
  model: string,
  input: Record<string, unknown>,
): Promise<Prediction> {
  const { path, body } = createRequest(model, input);
  const headers: Record<string, string> = { ...authHeaders(config), "Content-Type": "application/json" };
  // Replicate stops (and stops billing) the prediction itself if we vanish past our deadline.
  headers["Cancel-After"] = `${Math.max(5, Math.ceil(ctx.remainingMs() / 1000))}s`;
  const waitSeconds = Math.min(MAX_WAIT_SECONDS, Math.floor(ctx.remainingMs() / 1000) - 1);
  if (waitSeconds >= 1) headers.Prefer = `wait=${waitSeconds}`;
  const response = await ctx.send(`${config.baseUrl.replace(/\/$/, "")}${path}`, {
    method: "POST",
    headers,
    body: JSON.stringify(body),
  });
  return ctx.json<Prediction>(response);
}

/** `owner/name:version` runs that version; `owner/name` runs the model's latest (official models). */
export function createRequest(model: string, input: Record<string, unknown>): { path: string; body: object } {
  const match = /^([\w.-]+)\/([\w.-]+)(?::(\w+))?$/.exec(model.trim());
  if (!match) throw new ProviderError(`Replicate model "${model}" is not owner/name or owner/name:version.`, { transient: false });
  const [, owner, name, version] = match;
  return version
    ? { path: "/predictions", body: { version, input } }
    : { path: `/models/${owner}/${name}/predictions`, body: { input } };
}

async function finish(ctx: CallContext, config: ReplicateConfig, prediction: Prediction): Promise<PredictionRun> {
  switch (prediction.status) {
    case "succeeded": {
      const outputUrls = collectUrls(prediction.output);
      if (outputUrls.length === 0) {
        throw new ProviderError("Replicate prediction succeeded without an output file.", { transient: false });
      }
      const maxBytes = config.maxOutputBytes ?? DEFAULT_MAX_OUTPUT_BYTES;
      const outputs = [];
      for (const url of outputUrls) outputs.push(await ctx.download(url, maxBytes));
      return { prediction, outputs, outputUrls };
    }
    case "failed": {
      const detail = typeof prediction.error === "string" ? `: ${ctx.scrub(prediction.error)}` : "";
      throw new ProviderError(`Replicate prediction failed${detail}`, { transient: false });
    }
    case "aborted":
      // Aborted = our Cancel-After deadline passed before the model even started.
      throw new ProviderError("Replicate did not start the prediction in time.", { transient: true, timeout: true });
    default:
      throw new ProviderError(`Replicate prediction ended as ${prediction.status}.`, { transient: false });
  }
}

/** Output is a URL, a list of URLs, or an object of them, depending on the model. */
function collectUrls(output: unknown): string[] {
  if (typeof output === "string") return /^(https?:|data:)/.test(output) ? [output] : [];
  if (Array.isArray(output)) return output.flatMap(collectUrls);
  if (output && typeof output === "object") return Object.values(output).flatMap(collectUrls);
  return [];
}

/** Best effort with its own short timeout: the call's own signal has usually fired by now. */
async function cancel(config: ReplicateConfig, prediction: Prediction): Promise<void> {
  if (!prediction.urls?.cancel) return;
  await fetch(prediction.urls.cancel, { method: "POST", headers: authHeaders(config), signal: AbortSignal.timeout(10_000) })
    .then((response) => response.body?.cancel())
    .catch(() => undefined);
}

function authHeaders(config: ReplicateConfig): Record<string, string> {
  return { Authorization: `Bearer ${config.token}` };
}
