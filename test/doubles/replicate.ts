/**
 * A local test double of Replicate's HTTP predictions API, built from its published
 * contract: POST /v1/predictions ({version, input}) and /v1/models/{owner}/{name}/predictions
 * ({input}) create a prediction; GET /v1/predictions/{id} reads it; POST …/{id}/cancel
 * cancels it. Bearer auth; problem-style error bodies ({title, detail, status}); statuses
 * starting → processing → succeeded | failed | canceled; outputs are URLs served by the
 * double that expire like replicate.delivery files.
 *
 * Simplification: predictions advance per poll, not per wall-clock second, so tests stay
 * fast. `Prefer: wait` returns the finished prediction when it needs no polls and the
 * prediction as it stands otherwise, instead of holding the connection for N seconds.
 */
import crypto from "node:crypto";
import {
  answerScriptedFailure,
  bearerToken,
  decodeDataUrl,
  sendJson,
  startDoubleServer,
  type RecordedRequest,
  type ScriptedFailure,
} from "./server";

export interface PredictionScript {
  /** Polls answered as starting/processing before the terminal status (default 2). */
  polls?: number;
  outcome?: "succeeded" | "failed" | "canceled";
  error?: string;
  /** A slow prediction: processing until canceled. */
  neverFinishes?: boolean;
  /** Files the model "produces"; by default the decoded image input comes back. */
  output?: Buffer[];
  outputShape?: "string" | "array";
  /** Logs after the n-th poll, e.g. tqdm progress lines. */
  logs?: string[];
}

interface StoredPrediction {
  id: string;
  model: string;
  version: string | null;
  input: Record<string, unknown>;
  script: PredictionScript;
  polls: number;
  status: "starting" | "processing" | "succeeded" | "failed" | "canceled";
  output: string | string[] | null;
  cancelAfter: string | null;
  prefer: string | null;
}

export interface ReplicateDouble {
  baseUrl: string;
  token: string;
  requests: RecordedRequest[];
  predictions: Map<string, StoredPrediction>;
  /** Scripts for the next predictions, in order; later ones use the default script. */
  script(...scripts: PredictionScript[]): void;
  /** Scripted HTTP failures, answered before any real work on that route. */
  failNext(route: "create" | "get", failure: ScriptedFailure): void;
  close(): Promise<void>;
}

export async function startReplicateDouble(options: { outputTtlMs?: number } = {}): Promise<ReplicateDouble> {
  const token = `r8_${crypto.randomBytes(12).toString("hex")}`;
  const outputTtlMs = options.outputTtlMs ?? 3_600_000;
  const scripts: PredictionScript[] = [];
  const failures = { create: [] as ScriptedFailure[], get: [] as ScriptedFailure[] };
  const predictions = new Map<string, StoredPrediction>();
  const files = new Map<string, { bytes: Buffer; expiresAt: number }>();
  let origin = "";

  const view = (p: StoredPrediction) => ({
    id: p.id,
    model: p.model,
    version: p.version,
    input: p.input,
    logs: p.script.logs?.[Math.min(p.polls, p.script.logs.length) - 1] ?? "",
    output: p.status === "succeeded" ? p.output : null,
    error: p.status === "failed" ? (p.script.error ?? "Prediction failed.") : null,
    status: p.status,
    created_at: new Date().toISOString(),
    urls: { get: `${origin}/v1/predictions/${p.id}`, cancel: `${origin}/v1/predictions/${p.id}/cancel` },
  });

  const advance = (p: StoredPrediction) => {
    if (p.status !== "starting" && p.status !== "processing") return;
    if (p.script.neverFinishes || p.polls < (p.script.polls ?? 2)) {
      p.status = p.polls === 0 ? "starting" : "processing";
      return;
    }
    p.status = p.script.outcome ?? "succeeded";
    if (p.status !== "succeeded") return;
    const produced = p.script.output ?? [decodeDataUrl(p.input.image ?? p.input.start_image) ?? Buffer.alloc(0)];
    const urls = produced.map((bytes, index) => {
      const name = `${p.id}/out-${index}`;
      files.set(name, { bytes, expiresAt: Date.now() + outputTtlMs });
      return `${origin}/files/${name}`;
    });
    p.output = p.script.outputShape === "string" ? urls[0] : urls;
  };

  const server = await startDoubleServer((request, res) => {
    const path = new URL(request.path, "http://x").pathname;
    if (path.startsWith("/files/")) {
      const file = files.get(path.slice("/files/".length));
      if (!file || file.expiresAt < Date.now()) return sendJson(res, 404, { detail: "Not found." });
      res.writeHead(200, { "content-type": "application/octet-stream", "content-length": String(file.bytes.length) });
      return void res.end(file.bytes);
    }
    if (bearerToken(request) !== token) {
      return sendJson(res, 401, { title: "Unauthenticated", detail: "You did not pass a valid authentication token", status: 401 });
    }
    const create = /^\/v1\/(?:models\/([\w.-]+\/[\w.-]+)\/)?predictions$/.exec(path);
    if (create && request.method === "POST") {
      if (answerScriptedFailure(failures.create, res, { detail: "Scripted failure.", status: 0 })) return;
      const body = (request.body ?? {}) as { version?: unknown; input?: unknown };
      const invalid = validateCreate(create[1], body);
      if (invalid) return sendJson(res, 422, { title: "Input validation failed", detail: invalid, status: 422 });
      const prediction: StoredPrediction = {
        id: crypto.randomBytes(10).toString("hex"),
        model: create[1] ?? "owner/model",
        version: (body.version as string | undefined) ?? null,
        input: body.input as Record<string, unknown>,
        script: scripts.shift() ?? {},
        polls: 0,
        status: "starting",
        output: null,
        cancelAfter: header(request, "cancel-after"),
        prefer: header(request, "prefer"),
      };
      predictions.set(prediction.id, prediction);
      if (prediction.prefer?.startsWith("wait")) advance(prediction);
      return sendJson(res, 201, view(prediction));
    }
    const one = /^\/v1\/predictions\/(\w+)(\/cancel)?$/.exec(path);
    const prediction = one ? predictions.get(one[1]) : undefined;
    if (!one || !prediction) return sendJson(res, 404, { title: "Not found", detail: "Not found.", status: 404 });
    if (one[2] && request.method === "POST") {
      if (prediction.status === "starting" || prediction.status === "processing") prediction.status = "canceled";
      return sendJson(res, 200, view(prediction));
    }
    if (request.method !== "GET") return sendJson(res, 405, { detail: "Method not allowed." });
    if (answerScriptedFailure(failures.get, res, { detail: "Scripted failure.", status: 0 })) return;
    prediction.polls += 1;
    advance(prediction);
    return sendJson(res, 200, view(prediction));
  });
  origin = server.origin;

  return {
    baseUrl: `${origin}/v1`,
    token,
    requests: server.requests,
    predictions,
    script: (...next) => void scripts.push(...next),
    failNext: (route, failure) => void failures[route].push({ ...failure }),
    close: server.close,
  };
}

function validateCreate(modelPath: string | undefined, body: { version?: unknown; input?: unknown }): string | null {
  if (!modelPath && (typeof body.version !== "string" || !/^\w+$/.test(body.version))) {
    return "version is required and must be a version id";
  }
  if (!body.input || typeof body.input !== "object" || Array.isArray(body.input)) return "input must be an object";
  for (const [key, value] of Object.entries(body.input)) {
    if (typeof value === "string" && value.startsWith("data:") && !decodeDataUrl(value)) {
      return `${key}: invalid data URL`;
    }
  }
  return null;
}

function header(request: RecordedRequest, name: string): string | null {
  const value = request.headers[name];
  return typeof value === "string" ? value : null;
}
