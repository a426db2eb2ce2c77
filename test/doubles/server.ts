/**
 * Plumbing shared by the HTTP test doubles of outside services: a server on 127.0.0.1,
 * request recording, JSON bodies and scripted failures (status + Retry-After).
 */
import http from "node:http";
import type { AddressInfo } from "node:net";

export interface RecordedRequest {
  method: string;
  path: string;
  headers: http.IncomingHttpHeaders;
  body: unknown;
  /** The body as sent, for multipart uploads. */
  raw: Buffer;
  at: number;
}

export interface ScriptedFailure {
  status: number;
  count: number;
  retryAfterSeconds?: number;
}

export type Handler = (request: RecordedRequest, response: http.ServerResponse) => void | Promise<void>;

export interface DoubleServer {
  origin: string;
  requests: RecordedRequest[];
  close(): Promise<void>;
}

/** `port` 0 (the default) lets the system choose; a fixed one is for a double run as its own process (the bench). */
export async function startDoubleServer(handle: Handler, port = 0): Promise<DoubleServer> {
  const requests: RecordedRequest[] = [];
  const server = http.createServer(async (req, res) => {
    const raw = await readBody(req);
    let body: unknown = raw.length ? raw.toString("utf8") : undefined;
    if (raw.length && String(req.headers["content-type"] ?? "").includes("json")) {
      try {
        body = JSON.parse(raw.toString("utf8"));
      } catch {
        return sendJson(res, 400, { detail: "Request body is not valid JSON." });
      }
    }
    const recorded = { method: req.method ?? "GET", path: req.url ?? "/", headers: req.headers, body, raw, at: Date.now() };
    requests.push(recorded);
    try {
      await handle(recorded, res);
    } catch (error) {
      if (!res.headersSent) sendJson(res, 500, { detail: String(error) });
    }
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", resolve);
  });
  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export function sendJson(res: http.ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  res.writeHead(status, { "content-type": "application/json", ...headers });
  res.end(JSON.stringify(body));
}

/** Answers with the first pending scripted failure, if any; true when it answered. */
export function answerScriptedFailure(failures: ScriptedFailure[], res: http.ServerResponse, body: unknown): boolean {
  const failure = failures.find((f) => f.count > 0);
  if (!failure) return false;
  failure.count -= 1;
  const headers: Record<string, string> = {};
  if (failure.retryAfterSeconds !== undefined) headers["retry-after"] = String(failure.retryAfterSeconds);
  sendJson(res, failure.status, body, headers);
  return true;
}

export function bearerToken(request: RecordedRequest): string | null {
  const header = request.headers.authorization;
  return header?.startsWith("Bearer ") ? header.slice(7) : null;
}

/** Decodes a `data:<type>;base64,<bytes>` input, or null when the value is not one. */
export function decodeDataUrl(value: unknown): Buffer | null {
  if (typeof value !== "string") return null;
  const match = /^data:[\w/+.-]+;base64,([A-Za-z0-9+/=]+)$/.exec(value);
  return match ? Buffer.from(match[1], "base64") : null;
}

async function readBody(req: http.IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}
