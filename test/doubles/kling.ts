/**
 * A local test double of Kling's image-to-video HTTP API, built from its published
 * contract: POST /v1/videos/image2video creates a task, GET /v1/videos/image2video/{id}
 * reads it; answers are {code, message, request_id, data}; statuses submitted →
 * processing → succeed | failed; auth is an HS256 JWT (iss = access key) signed with the
 * secret key. Images are an http(s) URL Kling downloads or bare base64 (a data: prefix is
 * refused, code 1201), JPG or PNG, ≤ 10 MB, ≥ 300 px, aspect 1:2.5 to 2.5:1;
 * `image_tail` only on models that take an end frame, in pro mode. `external_task_id` is
 * unique per account (a second create with it is refused) and the task list (GET
 * …/image2video?pageNum&pageSize: pages of 1 to 500 tasks, 30 by default, newest first,
 * pages 1 to 1000) shows it in `task_info`. HTTP 429 carries a `code`: account problems
 * (1100, 1101, 1102, 1304) as well as rate limits (1302, 1303), scriptable with
 * `refuseNext`. A finished task's video is a real H.264 MP4 of the asked length, 720p in
 * std mode and 1080p in pro, unless the test scripts its bytes.
 * Tasks advance per poll, not per second, to keep tests fast.
 */
import crypto from "node:crypto";
import sharp from "sharp";
import { videoClip } from "./model-outputs";
import { answerScriptedFailure, bearerToken, sendJson, startDoubleServer, type RecordedRequest, type ScriptedFailure } from "./server";

export interface KlingTaskScript {
  polls?: number;
  outcome?: "succeed" | "failed";
  statusMessage?: string;
  video?: Buffer;
}

interface StoredTask {
  id: string;
  body: Record<string, unknown>;
  script: KlingTaskScript;
  polls: number;
  status: "submitted" | "processing" | "succeed" | "failed";
}

export interface KlingDouble {
  baseUrl: string;
  /** `accessKey:secretKey`, the form KLING_API_KEY takes for Kling's own API. */
  apiKey: string;
  requests: RecordedRequest[];
  tasks: Map<string, StoredTask>;
  script(...scripts: KlingTaskScript[]): void;
  failNext(failure: ScriptedFailure): void;
  /** Answers the next request with HTTP 429 and this business code (1100/1101/1102/1304/1302/1303). */
  refuseNext(code: number): void;
  /** `count` finished tasks of the account made elsewhere (another worker, an earlier day), newer than every task so far. */
  addOtherTasks(count: number): void;
  close(): Promise<void>;
}

export async function startKlingDouble(): Promise<KlingDouble> {
  const accessKey = `ak${crypto.randomBytes(6).toString("hex")}`;
  const secretKey = crypto.randomBytes(16).toString("hex");
  const scripts: KlingTaskScript[] = [];
  const failures: ScriptedFailure[] = [];
  const tasks = new Map<string, StoredTask>();
  const refusals: number[] = [];
  let origin = "";
  const envelope = (code: number, message: string, data: unknown = null) => ({
    code,
    message,
    request_id: crypto.randomUUID(),
    data,
  });
  const view = (task: StoredTask) => ({
    task_id: task.id,
    task_status: task.status,
    task_status_msg: task.status === "failed" ? (task.script.statusMessage ?? "Failure to pass the risk control system") : "",
    task_info: { external_task_id: typeof task.body.external_task_id === "string" ? task.body.external_task_id : undefined },
    created_at: Date.now(),
    updated_at: Date.now(),
    task_result:
      task.status === "succeed" ? { videos: [{ id: task.id, url: `${origin}/files/${task.id}.mp4`, duration: "5" }] } : undefined,
  });

  const server = await startDoubleServer(async (request, res) => {
    const path = new URL(request.path, "http://x").pathname;
    if (path.startsWith("/files/")) {
      const task = tasks.get(path.slice("/files/".length).replace(/\.mp4$/, ""));
      if (!task || task.status !== "succeed") return sendJson(res, 404, envelope(1203, "not found"));
      const bytes =
        task.script.video ??
        (await videoClip(task.body.mode === "pro" ? 1920 : 1280, task.body.mode === "pro" ? 1080 : 720, Number(task.body.duration ?? 5)));
      res.writeHead(200, { "content-type": "video/mp4", "content-length": String(bytes.length) });
      return void res.end(bytes);
    }
    if (!validJwt(bearerToken(request), accessKey, secretKey)) return sendJson(res, 401, envelope(1004, "Authorization is invalid"));
    const refusal = refusals.shift();
    if (refusal !== undefined) return sendJson(res, 429, envelope(refusal, REFUSALS[refusal] ?? "refused"));
    const pending = failures.find((f) => f.count > 0);
    if (answerScriptedFailure(failures, res, envelope(pending?.status === 429 ? 1302 : 5000, "Scripted failure."))) return;
    if (path === "/v1/videos/image2video" && request.method === "POST") {
      const body = (request.body ?? {}) as Record<string, unknown>;
      const invalid = validateCreate(body) ?? (await validateImages(body));
      if (invalid) return sendJson(res, 400, envelope(1201, invalid));
      const external = body.external_task_id;
      if (typeof external === "string" && [...tasks.values()].some((t) => t.body.external_task_id === external)) {
        return sendJson(res, 400, envelope(1201, "external_task_id already exists"));
      }
      const task: StoredTask = {
        id: String(Date.now()) + crypto.randomInt(1e6),
        body,
        script: scripts.shift() ?? {},
        polls: 0,
        status: "submitted",
      };
      tasks.set(task.id, task);
      return sendJson(res, 200, envelope(0, "SUCCEED", view(task)));
    }
    if (path === "/v1/videos/image2video" && request.method === "GET") {
      const query = new URL(request.path, "http://x").searchParams;
      const pageNum = Number(query.get("pageNum") ?? 1);
      const pageSize = Number(query.get("pageSize") ?? 30);
      if (!Number.isInteger(pageNum) || pageNum < 1 || pageNum > 1000)
        return sendJson(res, 400, envelope(1201, "pageNum must be between 1 and 1000"));
      if (!Number.isInteger(pageSize) || pageSize < 1 || pageSize > 500)
        return sendJson(res, 400, envelope(1201, "pageSize must be between 1 and 500"));
      const newestFirst = [...tasks.values()].reverse();
      return sendJson(res, 200, envelope(0, "SUCCEED", newestFirst.slice((pageNum - 1) * pageSize, pageNum * pageSize).map(view)));
    }
    const one = /^\/v1\/videos\/image2video\/(\w+)$/.exec(path);
    const task = one ? tasks.get(one[1]) : undefined;
    if (!task || request.method !== "GET") return sendJson(res, 404, envelope(1203, "task not found"));
    task.polls += 1;
    task.status = task.polls < (task.script.polls ?? 2) ? "processing" : (task.script.outcome ?? "succeed");
    return sendJson(res, 200, envelope(0, "SUCCEED", view(task)));
  });
  origin = server.origin;

  return {
    baseUrl: origin,
    apiKey: `${accessKey}:${secretKey}`,
    requests: server.requests,
    tasks,
    script: (...next) => void scripts.push(...next),
    failNext: (failure) => void failures.push({ ...failure }),
    refuseNext: (code) => void refusals.push(code),
    addOtherTasks(count) {
      for (let i = 0; i < count; i++) {
        const id = String(Date.now()) + crypto.randomInt(1e6) + i;
        tasks.set(id, {
          id,
          body: { model_name: "kling-v1-6", external_task_id: `elsewhere-${id}` },
          script: {},
          polls: 0,
          status: "succeed",
        });
      }
    },
    close: server.close,
  };
}

function validateCreate(body: Record<string, unknown>): string | null {
  if (typeof body.image !== "string" && typeof body.image_tail !== "string") return "image or image_tail is required";
  for (const key of ["image", "image_tail"]) {
    const value = body[key];
    if (value === undefined) continue;
    if (typeof value !== "string" || value.startsWith("data:") || !(/^https?:\/\/\S+$/.test(value) || /^[A-Za-z0-9+/]+=*$/.test(value))) {
      return `${key} must be a URL or bare base64`;
    }
  }
  if (body.duration !== undefined && body.duration !== "5" && body.duration !== "10") return 'duration must be "5" or "10"';
  if (body.mode !== undefined && body.mode !== "std" && body.mode !== "pro") return "mode must be std or pro";
  return null;
}

function validJwt(token: string | null, accessKey: string, secretKey: string): boolean {
  const [header, payload, signature] = token?.split(".") ?? [];
  if (!header || !payload || !signature) return false;
  const expected = crypto.createHmac("sha256", secretKey).update(`${header}.${payload}`).digest("base64url");
  if (expected !== signature) return false;
  const claims = JSON.parse(Buffer.from(payload, "base64url").toString()) as { iss?: string; exp?: number; nbf?: number };
  const now = Date.now() / 1000;
  return claims.iss === accessKey && (claims.exp ?? 0) > now && (claims.nbf ?? 0) <= now;
}

/** Kling's 429 business codes (docs/providers.md). */
const REFUSALS: Record<number, string> = {
  1100: "Account exception",
  1101: "Account in arrears",
  1102: "Resource pack exhausted or expired",
  1302: "The API request is too fast, please slow down",
  1303: "Concurrency or QPS exceeds the prepaid resource package limit",
  1304: "The IP is not on the whitelist",
};

/** Models that take `image_tail` (start + end frame), and only in pro mode. */
const TAIL_MODELS = new Set(["kling-v1", "kling-v1-5", "kling-v1-6", "kling-v2-1", "kling-v2-6"]);

async function validateImages(body: Record<string, unknown>): Promise<string | null> {
  if (body.image_tail !== undefined) {
    if (!TAIL_MODELS.has(String(body.model_name ?? "kling-v1"))) return `image_tail is not supported by ${String(body.model_name)}`;
    if (body.mode !== "pro" && String(body.model_name).startsWith("kling-v2")) return "image_tail needs mode pro";
  }
  for (const key of ["image", "image_tail"]) {
    const value = body[key];
    if (typeof value !== "string") continue;
    // A URL is downloaded by Kling and held to the same rules as base64.
    const bytes = /^https?:/.test(value) ? await download(value) : Buffer.from(value, "base64");
    if (!bytes) return `${key} could not be downloaded`;
    if (bytes.length > 10 * 1024 * 1024) return `${key} is larger than 10MB`;
    const jpeg = bytes[0] === 0xff && bytes[1] === 0xd8;
    const png = bytes.subarray(0, 4).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47]));
    if (!jpeg && !png) return `${key} must be JPG or PNG`;
    const { width = 0, height = 0 } = await sharp(bytes).metadata();
    if (Math.min(width, height) < 300) return `${key} must be at least 300px`;
    if (Math.max(width, height) / Math.min(width, height) > 2.5) return `${key} aspect ratio must be between 1:2.5 and 2.5:1`;
  }
  return null;
}

async function download(url: string): Promise<Buffer | null> {
  const response = await fetch(url).catch(() => null);
  return response?.ok ? Buffer.from(await response.arrayBuffer()) : null;
}
