/**
 * A local test double of Replicate's HTTP predictions API, built from its published
 * contract: POST /v1/predictions ({version, input}) and /v1/models/{owner}/{name}/predictions
 * ({input}) create a prediction; GET /v1/predictions/{id} reads it; POST …/{id}/cancel
 * cancels it. Bearer auth; problem-style error bodies ({title, detail, status}); statuses
 * starting → processing → succeeded | failed | canceled; outputs are URLs served by the
 * double that expire like replicate.delivery files.
 *
 * Strict where Replicate is: the model path serves official models only (a community
 * model answers 404 there) and the version path only the versions it knows (422
 * otherwise); a data URL input over 256 KB is refused (413); larger files come through
 * the Files API (POST /v1/files, multipart `content`) and are passed as their
 * `urls.get`; every input is checked against the model's published schema, unknown keys
 * included, and refused with 422 as Replicate does (test/doubles/replicate-models.ts);
 * the output is what the model publishes: one file URL, of the size the model makes
 * (about 1 MP for the editing models, never the input echoed at its own size); statuses
 * include `canceled` and `aborted`.
 *
 * Simplification by default: predictions advance per poll, not per wall-clock second, so
 * tests stay fast. `Prefer: wait` returns the finished prediction when it needs no polls
 * and the prediction as it stands otherwise, instead of holding the connection for N
 * seconds. With `predictionMs` (the bench's remote-like provider) every prediction runs
 * for that long on the wall clock instead, and `Prefer: wait=N` holds the create request
 * until it is done or N seconds have passed, as Replicate does.
 */
import crypto from "node:crypto";
import { COMMUNITY_VERSIONS, inputProblems, OFFICIAL_MODELS, type ModelSchema } from "./replicate-models";
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
  /** The file the model "produces"; by default one of the size the model makes from the request's image. */
  output?: Buffer;
  /** Logs after the n-th poll, e.g. tqdm progress lines. */
  logs?: string[];
}

interface StoredPrediction {
  id: string;
  model: string;
  schema: ModelSchema;
  version: string | null;
  input: Record<string, unknown>;
  script: PredictionScript;
  polls: number;
  status: "starting" | "processing" | "succeeded" | "failed" | "canceled" | "aborted";
  output: string | null;
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
    for (const [key, value] of Object.entries(input).flatMap(([key, value]) =>
      Array.isArray(value) ? value.map((v) => [key, v] as const) : [[key, value] as const],
    )) {
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

  const advance = async (p: StoredPrediction) => {
    if (p.status !== "starting" && p.status !== "processing") return;
    const running = p.readyAt === null ? p.polls < (p.script.polls ?? 2) : Date.now() < p.readyAt;
    if (p.script.neverFinishes || running) {
      p.status = p.polls === 0 ? "starting" : "processing";
      return;
    }
    if ((p.script.outcome ?? "succeeded") === "succeeded") {
      const name = `${p.id}/output`;
      files.set(name, { bytes: p.script.output ?? (await p.schema.produce(p.input, resolveInput)), expiresAt: Date.now() + outputTtlMs });
      p.output = `${origin}/files/${name}`;
    }
    p.status = p.script.outcome ?? "succeeded";
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
      return sendJson(res, 201, {
        id,
        name: "input",
        content_type: content.contentType,
        size: content.bytes.length,
        urls: { get: `${origin}/v1/files/${id}` },
      });
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
      const model = create[1] ? { model: create[1], schema: OFFICIAL_MODELS[create[1]] } : COMMUNITY_VERSIONS[String(body.version)];
      if (create[1] && !model.schema) {
        // Replicate's model path serves official models only; community models need a version.
        return sendJson(res, 404, { title: "Not found", detail: "The requested resource could not be found.", status: 404 });
      }
      if (!create[1] && !model) {
        return sendJson(res, 422, {
          title: "Invalid version",
          detail: "The specified version does not exist (or perhaps you don't have permission to use it?)",
          status: 422,
        });
      }
      if (!body.input || typeof body.input !== "object" || Array.isArray(body.input))
        return sendJson(res, 422, { title: "Input validation failed", detail: "- input: Invalid type. Expected: object\n", status: 422 });
      const input = body.input as Record<string, unknown>;
      const tooBig = Object.entries(input)
        .flatMap(([key, value]) => (Array.isArray(value) ? value.map((v) => [key, v]) : [[key, value]]))
        .find(([, value]) => typeof value === "string" && value.startsWith("data:") && value.length > MAX_DATA_URL_CHARS);
      if (tooBig)
        return sendJson(res, 413, {
          title: "Request entity too large",
          detail: `${tooBig[0]}: data URLs are limited to 256 KB; upload the file`,
          status: 413,
        });
      const unreachable = await fetchUrlInputs(input);
      if (unreachable) return sendJson(res, 422, { title: "Input validation failed", detail: unreachable, status: 422 });
      const problems = inputProblems(model.schema, input, resolveInput);
      if (problems.length) return sendJson(res, 422, { title: "Input validation failed", detail: `${problems.join("\n")}\n`, status: 422 });
      const prediction: StoredPrediction = {
        id: crypto.randomBytes(10).toString("hex"),
        model: model.model,
        schema: model.schema,
        version: (body.version as string | undefined) ?? null,
        input,
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
        await advance(prediction);
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
    await advance(prediction);
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

function header(request: RecordedRequest, name: string): string | null {
  const value = request.headers[name];
  return typeof value === "string" ? value : null;
}

/** 256 KB of bytes, base64-encoded, plus the data URL's prefix. */
const MAX_DATA_URL_CHARS = Math.ceil((256 * 1024 * 4) / 3) + 64;

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
