/**
 * HTTP plumbing shared by the hosted adapters (Replicate, Kling, OpenAI-compatible).
 * Provider base URLs are operator settings, not user input, so plain fetch is right
 * here; the SSRF-safe fetcher is for user-supplied URLs.
 *
 * Failures become ProviderErrors classified for the retry policy: 429, 5xx, lost
 * connections and timeouts are transient; other 4xx are permanent.
 */
import "server-only";
import { ProviderError, type ImageFile } from "@/server/providers/types";

const MAX_DETAIL_CHARS = 200;

/** One provider call: its deadline, the caller's abort signal and the secret to keep out of messages. */
export class CallContext {
  readonly signal: AbortSignal;
  private readonly deadline: number;
  private readonly afterCall: (() => Promise<void>)[] = [];

  constructor(
    readonly provider: string,
    timeoutMs: number,
    private readonly secret: string,
    private readonly caller?: AbortSignal,
  ) {
    this.deadline = Date.now() + timeoutMs;
    const timeout = AbortSignal.timeout(timeoutMs);
    this.signal = caller ? AbortSignal.any([caller, timeout]) : timeout;
  }

  /** Work for when the call has ended, whatever its outcome (e.g. deleting input copies). */
  onEnd(cleanUp: () => Promise<void>): void {
    this.afterCall.push(cleanUp);
  }

  /** Runs the end-of-call work; best effort, so a failed clean-up never masks the call's own result. */
  async end(): Promise<void> {
    await Promise.all(this.afterCall.splice(0).map((cleanUp) => cleanUp().catch(() => undefined)));
  }

  remainingMs(): number {
    return Math.max(0, this.deadline - Date.now());
  }

  /** What to throw once `signal` fired: the caller's own reason, or our timeout. */
  abortError(): unknown {
    if (this.caller?.aborted) return this.caller.reason;
    return new ProviderError(`${this.provider} did not finish in time.`, { transient: true, timeout: true });
  }

  /** Provider detail text made safe for API clients: no secret, bounded length. */
  scrub(text: string): string {
    const clean = this.secret ? text.split(this.secret).join("[redacted]") : text;
    return clean.length > MAX_DETAIL_CHARS ? `${clean.slice(0, MAX_DETAIL_CHARS)}…` : clean;
  }

  async sleep(ms: number): Promise<void> {
    if (this.signal.aborted) throw this.abortError();
    await new Promise<void>((resolve) => {
      const signal = this.signal;
      const timer = setTimeout(done, ms);
      signal.addEventListener("abort", done, { once: true });
      function done() {
        clearTimeout(timer);
        signal.removeEventListener("abort", done);
        resolve();
      }
    });
    if (this.signal.aborted) throw this.abortError();
  }

  async fetch(url: string, init: RequestInit = {}): Promise<Response> {
    try {
      return await fetch(url, { ...init, signal: this.signal });
    } catch (error) {
      if (this.signal.aborted) throw this.abortError();
      throw new ProviderError(`${this.provider} could not be reached.`, { transient: true, cause: error });
    }
  }

  /** Sends a request, waiting out 429 answers as long as their Retry-After fits the deadline. */
  async send(url: string, init: RequestInit = {}): Promise<Response> {
    for (;;) {
      const response = await this.fetch(url, init);
      if (response.status !== 429) return response;
      const waitMs = retryAfterMs(response.headers);
      await response.body?.cancel();
      if (waitMs >= this.remainingMs()) {
        throw new ProviderError(`${this.provider} is rate limiting requests.`, { transient: true });
      }
      await this.sleep(waitMs);
    }
  }

  /** The ProviderError for a non-2xx answer, with the provider's own detail when it gave one. */
  async httpFailure(response: Response): Promise<ProviderError> {
    const detail = this.scrub(errorDetail(await response.text().catch(() => "")));
    const transient = response.status === 429 || response.status === 408 || response.status >= 500;
    const suffix = detail ? `: ${detail}` : "";
    return new ProviderError(`${this.provider} answered HTTP ${response.status}${suffix}`, { transient });
  }

  async json<T>(response: Response): Promise<T> {
    if (!response.ok) throw await this.httpFailure(response);
    try {
      return (await response.json()) as T;
    } catch (error) {
      if (this.signal.aborted) throw this.abortError();
      throw new ProviderError(`${this.provider} answered with invalid JSON.`, { transient: true, cause: error });
    }
  }

  /**
   * Copies one provider output into memory. Hosted providers delete outputs (Replicate
   * after an hour), so the service must hold the bytes before it completes the work.
   */
  async download(url: string, maxBytes: number): Promise<ImageFile> {
    if (url.startsWith("data:")) return fromDataUrl(url, maxBytes, this.provider);
    const response = await this.fetch(url);
    if (!response.ok) throw await this.httpFailure(response);
    const declared = Number(response.headers.get("content-length") ?? 0);
    if (declared > maxBytes) {
      await response.body?.cancel();
      throw tooLarge(this.provider, maxBytes);
    }
    const chunks: Buffer[] = [];
    let size = 0;
    const reader = response.body?.getReader();
    try {
      for (let chunk = await reader?.read(); chunk && !chunk.done; chunk = await reader?.read()) {
        size += chunk.value.byteLength;
        if (size > maxBytes) {
          await reader?.cancel();
          throw tooLarge(this.provider, maxBytes);
        }
        chunks.push(Buffer.from(chunk.value));
      }
    } catch (error) {
      if (error instanceof ProviderError) throw error;
      if (this.signal.aborted) throw this.abortError();
      throw new ProviderError(`${this.provider} output download was interrupted.`, { transient: true, cause: error });
    }
    const bytes = Buffer.concat(chunks);
    return { bytes, contentType: sniffContentType(bytes) ?? response.headers.get("content-type") ?? "application/octet-stream" };
  }
}

export function toDataUrl(file: ImageFile): string {
  return `data:${file.contentType};base64,${file.bytes.toString("base64")}`;
}

/** Retry-After as delta-seconds or an HTTP date; 1 s when absent or unreadable. */
export function retryAfterMs(headers: Headers): number {
  const value = headers.get("retry-after");
  if (!value) return 1000;
  const seconds = Number(value);
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const date = Date.parse(value);
  return Number.isNaN(date) ? 1000 : Math.max(0, date - Date.now());
}

/** Content type from magic bytes: providers often serve outputs as octet-stream. */
export function sniffContentType(bytes: Buffer): string | null {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return "image/jpeg";
  if (bytes.length >= 8 && bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) {
    return "image/png";
  }
  if (bytes.length >= 12 && bytes.toString("latin1", 0, 4) === "RIFF" && bytes.toString("latin1", 8, 12) === "WEBP") {
    return "image/webp";
  }
  if (bytes.length >= 12 && bytes.toString("latin1", 4, 8) === "ftyp") return "video/mp4";
  return null;
}

function fromDataUrl(url: string, maxBytes: number, provider: string): ImageFile {
  const match = /^data:([^;,]*)(;base64)?,(.*)$/s.exec(url);
  if (!match) throw new ProviderError(`${provider} returned an unreadable data URL.`, { transient: false });
  const bytes = match[2] ? Buffer.from(match[3], "base64") : Buffer.from(decodeURIComponent(match[3]), "latin1");
  if (bytes.length > maxBytes) throw tooLarge(provider, maxBytes);
  return { bytes, contentType: sniffContentType(bytes) ?? (match[1] || "application/octet-stream") };
}

function tooLarge(provider: string, maxBytes: number): ProviderError {
  return new ProviderError(`${provider} output is larger than ${maxBytes} bytes.`, { transient: false });
}

/** The human part of an error body: Replicate's `detail`, OpenAI's `error.message`, Kling's `message`. */
function errorDetail(text: string): string {
  try {
    const body = JSON.parse(text) as { detail?: unknown; error?: { message?: unknown } | string; message?: unknown };
    const candidate = body.detail ?? (typeof body.error === "string" ? body.error : body.error?.message) ?? body.message;
    return typeof candidate === "string" ? candidate : "";
  } catch {
    return text.trim().startsWith("<") ? "" : text.trim();
  }
}
