/**
 * Runs one Replicate prediction to the end over the HTTP predictions API: create it
 * (holding the request open with `Prefer: wait` so quick models answer at once), record
 * its id before waiting, poll `urls.get` with backoff until a terminal status, cancel it
 * if we give up, and copy every output into memory because Replicate deletes outputs
 * after an hour. A step that runs again for the same work (a retry, or a resume after a
 * crash) finds the recorded id and polls that prediction instead of paying for another.
 */
import "server-only";
import { ProviderError, type ImageFile } from "@/server/providers/types";
import type { InputHost } from "../hosted/input-host";
import type { TaskLedger } from "../task-ledger";
import { CallContext } from "./http";

export interface ReplicateConfig {
  baseUrl: string;
  token: string;
  timeoutMs: number;
  /** First poll delay; it grows 1.5× per poll up to MAX_POLL_MS. */
  pollIntervalMs?: number;
  maxOutputBytes?: number;
  /** Where prediction ids are recorded before waiting (v1.provider_tasks). */
  ledger?: TaskLedger;
  /** Serves large inputs from our own bucket (S3 storage); absent, they go through the Files API. */
  inputHost?: InputHost;
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

export interface RunOptions {
  signal?: AbortSignal;
  onUpdate?: (prediction: Prediction) => Promise<void> | void;
  /** The unit of our work this prediction belongs to; with `config.ledger`, a rerun resumes its prediction. */
  workKey?: string;
}

/** `input` is built only when a prediction must be created (a resumed one needs no upload). */
export async function runPrediction(
  config: ReplicateConfig,
  model: string,
  input: (ctx: CallContext) => Promise<Record<string, unknown>>,
  options: RunOptions = {},
): Promise<PredictionRun> {
  const ctx = new CallContext("Replicate", config.timeoutMs, config.token, options.signal);
  try {
    return await run(ctx, config, model, input, options);
  } finally {
    // Input copies in our bucket are deleted once the prediction has ended (or we gave up on it).
    await ctx.end();
  }
}

async function run(
  ctx: CallContext,
  config: ReplicateConfig,
  model: string,
  input: (ctx: CallContext) => Promise<Record<string, unknown>>,
  options: RunOptions,
): Promise<PredictionRun> {
  const ledger = options.workKey ? config.ledger : undefined;
  const workKey = options.workKey ?? "";
  let prediction = ledger ? await resume(ctx, config, await ledger.find(workKey)) : null;
  if (!prediction) {
    prediction = await create(ctx, config, model, await input(ctx));
    await ledger?.record(workKey, "replicate", prediction.id);
  }
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
    await ledger?.forget(workKey);
    throw error;
  }
  // A prediction that ended without an output may be retried: the retry must start anew.
  if (prediction.status !== "succeeded") await ledger?.forget(workKey);
  return finish(ctx, config, prediction);
}

/** The recorded prediction as it stands now, or null when there is none (or Replicate no longer has it). */
async function resume(ctx: CallContext, config: ReplicateConfig, id: string | null): Promise<Prediction | null> {
  if (!id) return null;
  const response = await ctx.send(`${config.baseUrl.replace(/\/$/, "")}/predictions/${encodeURIComponent(id)}`, {
    headers: authHeaders(config),
  });
  if (response.status === 404) {
    await response.body?.cancel();
    return null;
  }
  return ctx.json<Prediction>(response);
}

async function create(ctx: CallContext, config: ReplicateConfig, model: string, input: Record<string, unknown>): Promise<Prediction> {
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
  return version ? { path: "/predictions", body: { version, input } } : { path: `/models/${owner}/${name}/predictions`, body: { input } };
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
    case "canceled":
      // We cancel only when we give up; otherwise `canceled` is Replicate enforcing our Cancel-After deadline.
      throw new ProviderError("Replicate stopped the prediction at its deadline.", { transient: true, timeout: true });
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
