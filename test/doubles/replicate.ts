/**
 * A local test double of Replicate's HTTP predictions API, built from its published
 * contract: POST /v1/predictions ({version, input}) and /v1/models/{owner}/{name}/predictions
 * ({input}) create a prediction; GET /v1/predictions/{id} reads it; POST …/{id}/cancel
 * cancels it. Bearer auth; problem-style error bodies ({title, detail, status}); statuses
 * starting → processing → succeeded | failed | canceled; outputs are URLs served by the
 * double that expire like replicate.delivery files.
 *
 * Strict where Replicate is: the model path serves official models only (a community
 * model answers 404 there); a data URL input over 256 KB is refused (413); larger files
 * come through the Files API (POST /v1/files, multipart `content`) and are passed as
 * their `urls.get`; each official model's inputs are checked against its schema
 * (docs/providers.md); statuses include `canceled` and `aborted`.
 *
 * Simplification by default: predictions advance per poll, not per wall-clock second, so
 * tests stay fast. `Prefer: wait` returns the finished prediction when it needs no polls
 * and the prediction as it stands otherwise, instead of holding the connection for N
 * seconds. With `predictionMs` (the bench's remote-like provider) every prediction runs
 * for that long on the wall clock instead, and `Prefer: wait=N` holds the create request
 * until it is done or N seconds have passed, as Replicate does.
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
  outcome?: "succeeded" | "failed" | "canceled" | "aborted";
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
  status: "starting" | "processing" | "succeeded" | "failed" | "canceled" | "aborted";
  output: string | string[] | null;
  cancelAfter: string | null;
  prefer: string | null;
  /** With `predictionMs`: when the prediction is done (wall clock). */
  readyAt: number | null;
}

export interface ReplicateDoubleOptions {
  outputTtlMs?: number;
  /** Every prediction takes this long on the wall clock (default: it advances per poll). */
  predictionMs?: number;
  /** A fixed port and token, for a double run as its own process (the bench). */
  port?: number;
  token?: string;
}

export interface ReplicateDouble {
  baseUrl: string;
  token: string;
  requests: RecordedRequest[];
  predictions: Map<string, StoredPrediction>;
  /** Files uploaded through the Files API and not deleted, by id. */
  uploads: Map<string, { bytes: Buffer; contentType: string }>;
  /** The bytes behind an input value: a data URL or one of our uploaded files' URLs. */
  resolveInput(value: unknown): Buffer | null;
  /** Scripts for the next predictions, in order; later ones use the default script. */
  script(...scripts: PredictionScript[]): void;
  /** Scripted HTTP failures, answered before any real work on that route. */
  failNext(route: "create" | "get", failure: ScriptedFailure): void;
  close(): Promise<void>;
}

export async function startReplicateDouble(options: ReplicateDoubleOptions = {}): Promise<ReplicateDouble> {
  const token = options.token ?? `r8_${crypto.randomBytes(12).toString("hex")}`;
  const outputTtlMs = options.outputTtlMs ?? 3_600_000;
  const scripts: PredictionScript[] = [];
  const failures = { create: [] as ScriptedFailure[], get: [] as ScriptedFailure[] };
  const predictions = new Map<string, StoredPrediction>();
  const files = new Map<string, { bytes: Buffer; expiresAt: number }>();
  const uploads = new Map<string, { bytes: Buffer; contentType: string }>();
  /** Every upload's bytes, kept after a DELETE so tests can still inspect what was sent. */
  const received = new Map<string, Buffer>();
  let origin = "";
  /** Bytes Replicate fetched from URL inputs (a presigned bucket URL, say) when the prediction was created. */
  const fetched = new Map<string, Buffer>();
  const resolveInput = (value: unknown): Buffer | null => {
    if (typeof value !== "string") return null;
    const upload = /\/v1\/files\/(\w+)$/.exec(value);
    if (upload && value.startsWith(origin)) return received.get(upload[1]) ?? null;
    return fetched.get(value) ?? decodeDataUrl(value);
  };
  /** Like Replicate, fetch every http(s) input that is not one of our uploads; an unreachable one fails the create. */
  const fetchUrlInputs = async (input: Record<string, unknown>): Promise<string | null> => {
    for (const [key, value] of Object.entries(input).flatMap(([key, value]) => (Array.isArray(value) ? value.map((v) => [key, v] as const) : [[key, value] as const]))) {
      if (typeof value !== "string" || !/^https?:/.test(value) || value.startsWith(origin) || fetched.has(value)) continue;
      const response = await fetch(value).catch(() => null);
      if (!response?.ok) return `${key}: could not fetch ${value.split("?")[0]} (HTTP ${response?.status ?? "error"})`;
      fetched.set(value, Buffer.from(await response.arrayBuffer()));
    }
    return null;
  };

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
    const running = p.readyAt === null ? p.polls < (p.script.polls ?? 2) : Date.now() < p.readyAt;
    if (p.script.neverFinishes || running) {
      p.status = p.polls === 0 ? "starting" : "processing";
      return;
    }
    p.status = p.script.outcome ?? "succeeded";
    if (p.status !== "succeeded") return;
    const first = p.input.image ?? p.input.input_image ?? p.input.start_image ?? (p.input.image_input as unknown[] | undefined)?.[0] ?? (p.input.input_images as unknown[] | undefined)?.[0];
    const produced = p.script.output ?? [resolveInput(first) ?? Buffer.alloc(0)];
    const urls = produced.map((bytes, index) => {
      const name = `${p.id}/out-${index}`;
      files.set(name, { bytes, expiresAt: Date.now() + outputTtlMs });
      return `${origin}/files/${name}`;
    });
    p.output = p.script.outputShape === "string" ? urls[0] : urls;
  };

  const server = await startDoubleServer(async (request, res) => {
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
    if (path === "/v1/files" && request.method === "POST") {
      const content = multipartFile(request, "content");
      if (!content) return sendJson(res, 400, { title: "Bad request", detail: "content is required", status: 400 });
      const id = crypto.randomBytes(12).toString("hex");
      uploads.set(id, content);
      received.set(id, content.bytes);
      return sendJson(res, 201, { id, name: "input", content_type: content.contentType, size: content.bytes.length, urls: { get: `${origin}/v1/files/${id}` } });
    }
    const upload = /^\/v1\/files\/(\w+)$/.exec(path);
    if (upload && request.method === "DELETE") {
      if (!uploads.delete(upload[1])) return sendJson(res, 404, { title: "Not found", detail: "Not found.", status: 404 });
      res.writeHead(204);
      return void res.end();
    }
    if (upload && request.method === "GET") {
      const file = uploads.get(upload[1]);
      if (!file) return sendJson(res, 404, { title: "Not found", detail: "Not found.", status: 404 });
      res.writeHead(200, { "content-type": file.contentType, "content-length": String(file.bytes.length) });
      return void res.end(file.bytes);
    }
    const create = /^\/v1\/(?:models\/([\w.-]+\/[\w.-]+)\/)?predictions$/.exec(path);
    if (create && request.method === "POST") {
      if (answerScriptedFailure(failures.create, res, { detail: "Scripted failure.", status: 0 })) return;
      const body = (request.body ?? {}) as { version?: unknown; input?: unknown };
      if (create[1] && !OFFICIAL_MODELS.has(create[1])) {
        // Replicate's model path serves official models only; community models need a version.
        return sendJson(res, 404, { title: "Not found", detail: "The requested resource could not be found.", status: 404 });
      }
      const tooBig = Object.entries((body.input ?? {}) as Record<string, unknown>).flatMap(([key, value]) => (Array.isArray(value) ? value.map((v) => [key, v]) : [[key, value]]))
        .find(([, value]) => typeof value === "string" && value.startsWith("data:") && value.length > MAX_DATA_URL_CHARS);
      if (tooBig) return sendJson(res, 413, { title: "Request entity too large", detail: `${tooBig[0]}: data URLs are limited to 256 KB; upload the file`, status: 413 });
      const unreachable = await fetchUrlInputs((body.input ?? {}) as Record<string, unknown>);
      if (unreachable) return sendJson(res, 422, { title: "Input validation failed", detail: unreachable, status: 422 });
      const invalid = validateCreate(create[1], body) ?? (create[1] ? validateModelInput(create[1], body.input as Record<string, unknown>, resolveInput) : null);
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
        readyAt: options.predictionMs === undefined ? null : Date.now() + options.predictionMs,
      };
      predictions.set(prediction.id, prediction);
      if (prediction.prefer?.startsWith("wait")) {
        if (prediction.readyAt !== null && !prediction.script.neverFinishes) {
          // `Prefer: wait=N` (N ≤ 60, bare `wait` = 60) holds the request until done or N s.
          const seconds = Math.min(60, Number(/^wait=(\d+)/.exec(prediction.prefer)?.[1] ?? 60));
          await new Promise((resolve) => setTimeout(resolve, Math.max(0, Math.min(seconds * 1000, prediction.readyAt! - Date.now()))));
        }
        advance(prediction);
      }
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
  }, options.port);
  origin = server.origin;

  return {
    baseUrl: `${origin}/v1`,
    token,
    requests: server.requests,
    predictions,
    uploads,
    resolveInput,
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

/** The official models of docs/providers.md, served on the model path. */
const OFFICIAL_MODELS = new Set([
  "black-forest-labs/flux-kontext-pro",
  "black-forest-labs/flux-kontext-max",
  "black-forest-labs/flux-2-pro",
  "black-forest-labs/flux-fill-pro",
  "google/nano-banana",
  "google/nano-banana-pro",
  "topazlabs/image-upscale",
  "kwaivgi/kling-v2.1",
]);

/** 256 KB of bytes, base64-encoded, plus the data URL's prefix. */
const MAX_DATA_URL_CHARS = Math.ceil((256 * 1024 * 4) / 3) + 64;

/** Each official model's required file inputs and enumerations, from its published schema. */
function validateModelInput(model: string, input: Record<string, unknown>, resolve: (value: unknown) => Buffer | null): string | null {
  const file = (key: string) => (resolve(input[key]) ? null : `${key}: a file URL or data URL is required`);
  switch (model) {
    case "black-forest-labs/flux-kontext-pro":
    case "black-forest-labs/flux-kontext-max":
      return file("input_image") ?? (typeof input.prompt === "string" ? null : "prompt is required");
    case "google/nano-banana":
    case "google/nano-banana-pro":
    case "black-forest-labs/flux-2-pro": {
      const key = model.startsWith("google/") ? "image_input" : "input_images";
      const list = input[key];
      if (!Array.isArray(list) || list.length === 0 || !list.every((value) => resolve(value))) return `${key}: a list of file URLs is required`;
      return typeof input.prompt === "string" ? null : "prompt is required";
    }
    case "black-forest-labs/flux-fill-pro":
      if (input.steps !== undefined && (typeof input.steps !== "number" || input.steps < 15 || input.steps > 50)) return "steps must be between 15 and 50";
      return file("image") ?? file("mask");
    case "topazlabs/image-upscale":
      if (input.upscale_factor !== undefined && !["None", "2x", "4x", "6x"].includes(String(input.upscale_factor))) return "upscale_factor must be None, 2x, 4x or 6x";
      return file("image");
    case "kwaivgi/kling-v2.1":
      if (input.end_image !== undefined && input.mode !== "pro") return "end_image requires mode pro";
      if (![5, 10].includes(Number(input.duration ?? 5))) return "duration must be 5 or 10";
      return file("start_image");
    default:
      return null;
  }
}

/** One file part of a multipart/form-data body. */
function multipartFile(request: RecordedRequest, field: string): { bytes: Buffer; contentType: string } | null {
  const boundary = /boundary=(?:"([^"]+)"|([^;]+))/.exec(String(request.headers["content-type"] ?? ""));
  if (!boundary) return null;
  const delimiter = Buffer.from(`--${boundary[1] ?? boundary[2]}`);
  let start = request.raw.indexOf(delimiter);
  while (start >= 0) {
    const next = request.raw.indexOf(delimiter, start + delimiter.length);
    if (next < 0) break;
    const part = request.raw.subarray(start + delimiter.length + 2, next - 2);
    const headerEnd = part.indexOf("\r\n\r\n");
    const headers = part.subarray(0, headerEnd).toString("utf8");
    if (new RegExp(`name="${field}"`).test(headers)) {
      const type = /content-type:\s*([^\r\n]+)/i.exec(headers)?.[1]?.trim() ?? "application/octet-stream";
      return { bytes: Buffer.from(part.subarray(headerEnd + 4)), contentType: type };
    }
    start = next;
  }
  return null;
}
