/**
 * The suite's HTTP client of /api/v1. Every response (status, headers and body text) is
 * recorded for the secrets scan and the status tally; nothing is retried.
 */
export interface ApiResponse {
  status: number;
  text: string;
  /** The parsed JSON body, or null when the body is not JSON. */
  body: any;
  headers: Headers;
}

export interface RequestOptions {
  key?: string | null;
  /** Sent as JSON with content-type application/json. */
  json?: unknown;
  /** Sent as is; the caller chooses the content type. */
  raw?: string | Uint8Array;
  headers?: Record<string, string>;
  /** No answer within this time is a failed request (default 120 s). */
  timeoutMs?: number;
}

export class ResponseLog {
  readonly texts: string[] = [];
  readonly statuses = new Map<number, number>();
  count = 0;

  add(response: ApiResponse): void {
    this.count++;
    this.statuses.set(response.status, (this.statuses.get(response.status) ?? 0) + 1);
    this.texts.push(`${response.status} ${JSON.stringify([...response.headers])}\n${response.text}`);
  }
}

export const responses = new ResponseLog();

export function apiClient(baseUrl: string) {
  return async function request(method: string, path: string, options: RequestOptions = {}): Promise<ApiResponse> {
    const headers: Record<string, string> = { ...(options.key ? { "x-api-key": options.key } : {}) };
    let body: string | Uint8Array | undefined;
    if (options.json !== undefined) {
      headers["content-type"] = "application/json";
      body = JSON.stringify(options.json);
    } else if (options.raw !== undefined) {
      body = options.raw;
    }
    Object.assign(headers, options.headers);
    const response = await fetch(`${baseUrl}${path.startsWith("/api") ? "" : "/api/v1"}${path}`, {
      method,
      headers,
      body: body as BodyInit | undefined,
      signal: AbortSignal.timeout(options.timeoutMs ?? 120_000),
    });
    const text = await response.text();
    let parsed: unknown = null;
    try {
      parsed = JSON.parse(text);
    } catch {
      parsed = null;
    }
    const result: ApiResponse = { status: response.status, text, body: parsed, headers: response.headers };
    responses.add(result);
    return result;
  };
}

export type Api = ReturnType<typeof apiClient>;

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls until `done` holds or the time is up; answers the last value read. */
export async function pollUntil<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs: number, everyMs = 500): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > deadline) return value;
    await sleep(everyMs);
  }
}
