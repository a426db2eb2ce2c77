/**
 * A local test double of an OpenAI-compatible chat completions endpoint, built from the
 * published contract: POST /v1/chat/completions with Bearer auth, `model` and `messages`
 * (content a string or parts of type text / image_url), answering a chat.completion
 * object; errors as {error: {message, type, param, code}}. Strict where the API is: an
 * image part's `image_url.url` is a base64 data URL of a PNG, JPEG, GIF or WebP image
 * (whose bytes are that format) or an https URL, `detail` is auto, low or high; at most
 * 500 images, 20 MB per image and 50 MB of images per request (400 otherwise). A reply
 * can be scripted to stop at the output limit (`finish_reason: "length"`, the text cut
 * off) as a real model does.
 */
import crypto from "node:crypto";
import { answerScriptedFailure, bearerToken, sendJson, startDoubleServer, type RecordedRequest, type ScriptedFailure } from "./server";

interface ContentPart {
  type: string;
  text?: string;
  image_url?: { url: string; detail?: string };
}

/** What the "model" answers: its text, a refusal, or text it stopped writing at its output limit. */
export type Reply = string | { refusal: string } | { content: string; finishReason: "length" };

export interface ChatRequest {
  model: string;
  messages: { role: string; content: string | ContentPart[] }[];
}

export interface OpenAiDouble {
  baseUrl: string;
  apiKey: string;
  requests: RecordedRequest[];
  /** What the "model" writes; by default a sentence naming how many images it saw. */
  reply(write: (request: ChatRequest) => Reply): void;
  failNext(failure: ScriptedFailure): void;
  /** Delay every answer, to exercise timeouts. */
  delayMs: number;
  close(): Promise<void>;
}

export async function startOpenAiDouble(): Promise<OpenAiDouble> {
  const apiKey = `sk-test-${crypto.randomBytes(12).toString("hex")}`;
  const failures: ScriptedFailure[] = [];
  let write = (request: ChatRequest): Reply => `A home shown in ${imageParts(request).length} photos.`;
  const state = { delayMs: 0 };

  const server = await startDoubleServer(async (request, res) => {
    if (request.method !== "POST" || new URL(request.path, "http://x").pathname !== "/v1/chat/completions") {
      return sendJson(res, 404, { error: { message: "Unknown route", type: "invalid_request_error", code: null } });
    }
    if (bearerToken(request) !== apiKey) {
      return sendJson(res, 401, {
        error: { message: "Incorrect API key provided.", type: "invalid_request_error", code: "invalid_api_key" },
      });
    }
    if (state.delayMs) await new Promise((resolve) => setTimeout(resolve, state.delayMs));
    const error = { error: { message: "Scripted failure.", type: "server_error", code: null } };
    if (answerScriptedFailure(failures, res, error)) return;
    const body = request.body as ChatRequest;
    const invalid = validate(body);
    if (invalid) return sendJson(res, 400, { error: { type: "invalid_request_error", param: null, code: null, ...invalid } });
    const answer = write(body);
    sendJson(res, 200, {
      id: `chatcmpl-${crypto.randomBytes(8).toString("hex")}`,
      object: "chat.completion",
      created: Math.floor(Date.now() / 1000),
      model: body.model,
      choices: [
        {
          index: 0,
          message: answerMessage(answer),
          finish_reason: typeof answer === "object" && "finishReason" in answer ? answer.finishReason : "stop",
        },
      ],
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

type Invalid = { message: string; param?: string; code?: string };

function validate(body: ChatRequest | undefined): Invalid | null {
  if (!body || typeof body.model !== "string") return { message: "you must provide a model parameter" };
  if (!Array.isArray(body.messages) || body.messages.length === 0) return { message: "messages must be a non-empty array" };
  for (const [m, message] of body.messages.entries()) {
    if (!["system", "user", "assistant"].includes(message.role)) return { message: `invalid role ${message.role}` };
    if (typeof message.content === "string") continue;
    if (!Array.isArray(message.content)) return { message: "content must be a string or an array of parts" };
    for (const [c, part] of message.content.entries()) {
      if (part.type === "text" && typeof part.text === "string") continue;
      if (part.type === "image_url" && typeof part.image_url?.url === "string") {
        const invalid = imageUrlProblem(part.image_url, `messages[${m}].content[${c}].image_url`);
        if (invalid) return invalid;
        continue;
      }
      return { message: `invalid content part ${part.type}` };
    }
  }
  const images = imageParts(body).map((part) => part.image_url!.url.length);
  if (images.length > 500) return { message: "too many images: at most 500 per request" };
  if (images.some((size) => size > 20 * MB)) return { message: "an image is larger than 20 MB" };
  if (images.reduce((sum, size) => sum + size, 0) > 50 * MB) return { message: "the images of this request exceed 50 MB in total" };
  return null;
}

const IMAGE_TYPES: Record<string, (bytes: Buffer) => boolean> = {
  png: (b) => b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])),
  jpeg: (b) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff,
  gif: (b) => b.toString("latin1", 0, 4) === "GIF8",
  webp: (b) => b.toString("latin1", 0, 4) === "RIFF" && b.toString("latin1", 8, 12) === "WEBP",
};

/** An image part's URL as the API takes it: a base64 data URL of a supported image, or an https URL. */
function imageUrlProblem(image: { url: string; detail?: string }, param: string): Invalid | null {
  if (image.detail !== undefined && !["auto", "low", "high"].includes(image.detail)) {
    return {
      message: `Invalid value: '${image.detail}'. Supported values are: 'auto', 'low', and 'high'.`,
      param: `${param}.detail`,
      code: "invalid_value",
    };
  }
  const data = /^data:image\/(png|jpeg|gif|webp);base64,([A-Za-z0-9+/]+={0,2})$/.exec(image.url);
  if (data) {
    if (IMAGE_TYPES[data[1]](Buffer.from(data[2], "base64"))) return null;
    return {
      message:
        "You uploaded an unsupported image. Please make sure your image is below 20 MB in size and is of one the following formats: ['png', 'jpeg', 'gif', 'webp'].",
      code: "invalid_image_format",
    };
  }
  if (image.url.startsWith("data:")) {
    return {
      message: `Invalid '${param}.url'. Expected a base64-encoded data URL with an image MIME type (e.g. 'data:image/png;base64,...').`,
      param: `${param}.url`,
      code: "invalid_value",
    };
  }
  if (URL.canParse(image.url) && new URL(image.url).protocol === "https:") return null;
  return {
    message: `Invalid '${param}.url'. Expected a valid URL, but got a value with an invalid format.`,
    param: `${param}.url`,
    code: "invalid_value",
  };
}

/** A refusal comes as `content: null` with `refusal` set (chat completions contract). */
function answerMessage(answer: Reply) {
  if (typeof answer === "string") return { role: "assistant", content: answer, refusal: null };
  if ("refusal" in answer) return { role: "assistant", content: null, refusal: answer.refusal };
  return { role: "assistant", content: answer.content, refusal: null };
}
