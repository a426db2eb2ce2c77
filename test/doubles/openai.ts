/**
 * A local test double of an OpenAI-compatible chat completions endpoint, built from the
 * published contract: POST /v1/chat/completions with Bearer auth, `model` and `messages`
 * (content a string or parts of type text / image_url), answering a chat.completion
 * object; errors as {error: {message, type, code}}. Strict where the API is: at most
 * 500 images, 20 MB per image and 50 MB of images per request (400 otherwise).
 */
import crypto from "node:crypto";
import {
  answerScriptedFailure,
  bearerToken,
  sendJson,
  startDoubleServer,
  type RecordedRequest,
  type ScriptedFailure,
} from "./server";

interface ContentPart {
  type: string;
  text?: string;
  image_url?: { url: string };
}

export interface ChatRequest {
  model: string;
  messages: { role: string; content: string | ContentPart[] }[];
}

export interface OpenAiDouble {
  baseUrl: string;
  apiKey: string;
  requests: RecordedRequest[];
  /** What the "model" writes; by default a sentence naming how many images it saw. */
  reply(write: (request: ChatRequest) => string | { refusal: string }): void;
  failNext(failure: ScriptedFailure): void;
  /** Delay every answer, to exercise timeouts. */
  delayMs: number;
  close(): Promise<void>;
}

export async function startOpenAiDouble(): Promise<OpenAiDouble> {
  const apiKey = `sk-test-${crypto.randomBytes(12).toString("hex")}`;
  const failures: ScriptedFailure[] = [];
  let write = (request: ChatRequest): string | { refusal: string } => `A home shown in ${imageParts(request).length} photos.`;
  const state = { delayMs: 0 };

  const server = await startDoubleServer(async (request, res) => {
    if (request.method !== "POST" || new URL(request.path, "http://x").pathname !== "/v1/chat/completions") {
      return sendJson(res, 404, { error: { message: "Unknown route", type: "invalid_request_error", code: null } });
    }
    if (bearerToken(request) !== apiKey) {
      return sendJson(res, 401, { error: { message: "Incorrect API key provided.", type: "invalid_request_error", code: "invalid_api_key" } });
    }
    if (state.delayMs) await new Promise((resolve) => setTimeout(resolve, state.delayMs));
    const error = { error: { message: "Scripted failure.", type: "server_error", code: null } };
    if (answerScriptedFailure(failures, res, error)) return;
    const body = request.body as ChatRequest;
    const invalid = validate(body);
    if (invalid) return sendJson(res, 400, { error: { message: invalid, type: "invalid_request_error", code: null } });
    sendJson(res, 200, {
      id: `chatcmpl-${crypto.randomBytes(8).toString("hex")}`,
      object: "chat.completion",
      created: Math.floor(Date.now() / 1000),
      model: body.model,
      choices: [{ index: 0, message: answerMessage(write(body)), finish_reason: "stop" }],
      usage: { prompt_tokens: 0, completion_tokens: 0, total_tokens: 0 },
    });
  });

  return {
    baseUrl: `${server.origin}/v1`,
    apiKey,
    requests: server.requests,
    reply: (next) => void (write = next),
    failNext: (failure) => void failures.push({ ...failure }),
    get delayMs() {
      return state.delayMs;
    },
    set delayMs(ms: number) {
      state.delayMs = ms;
    },
    close: server.close,
  };
}

export function imageParts(request: ChatRequest): ContentPart[] {
  return request.messages.flatMap((m) => (Array.isArray(m.content) ? m.content : [])).filter((p) => p.type === "image_url");
}

const MB = 1024 * 1024;

function validate(body: ChatRequest | undefined): string | null {
  if (!body || typeof body.model !== "string") return "you must provide a model parameter";
  if (!Array.isArray(body.messages) || body.messages.length === 0) return "messages must be a non-empty array";
  for (const message of body.messages) {
    if (!["system", "user", "assistant"].includes(message.role)) return `invalid role ${message.role}`;
    if (typeof message.content === "string") continue;
    if (!Array.isArray(message.content)) return "content must be a string or an array of parts";
    for (const part of message.content) {
      if (part.type === "text" && typeof part.text === "string") continue;
      if (part.type === "image_url" && typeof part.image_url?.url === "string") continue;
      return `invalid content part ${part.type}`;
    }
  }
  const images = imageParts(body).map((part) => part.image_url!.url.length);
  if (images.length > 500) return "too many images: at most 500 per request";
  if (images.some((size) => size > 20 * MB)) return "an image is larger than 20 MB";
  if (images.reduce((sum, size) => sum + size, 0) > 50 * MB) return "the images of this request exceed 50 MB in total";
  return null;
}

/** A refusal comes as `content: null` with `refusal` set (chat completions contract). */
function answerMessage(answer: string | { refusal: string }) {
  return typeof answer === "string" ? { role: "assistant", content: answer, refusal: null } : { role: "assistant", content: null, refusal: answer.refusal };
}
