import { apiErrorCode, AtriumApiError } from "./errors.ts";

/** Any fetch taking a URL and an init, as the platform's does. */
export type FetchLike = (url: string, init: RequestInit) => Promise<Response>;

export interface RetryOptions {
  /** Retries after the first attempt; 0 turns retrying off. Default 2. */
  maxRetries?: number;
  /** The first backoff before a 5xx or network retry; doubled each time, with jitter. Default 500 ms. */
  initialDelayMs?: number;
  /** A 429 or 503 asking to wait longer than this (Retry-After) is answered at once instead. Default 60 s. */
  maxDelayMs?: number;
  /**
   * How long a generation waits while the service is still running the first request
   * with the same Idempotency-Key (409 `idempotency_conflict`), asking again until that
   * one has answered and its answer is replayed. Default 6 minutes: longer than any
   * request runs on a deployment's default settings (300 s provider timeout). 0 answers
   * the 409 at once.
   */
  inFlightWaitMs?: number;
}

/**
 * Refusals that accepted nothing, so any request may be sent again: 429 (rate limit, D2)
 * and 503 `server_busy` (before anything is charged). Both carry Retry-After.
 */
const REFUSED_BEFORE_ACCEPTING = new Set([429, 503]);
/** The service's final word on a generation that ran and failed: sending it again replays the same answer. */
const FINAL_FAILURES = new Set(["provider_error", "provider_timeout", "job_failed", "structure_changed"]);

/** How often a request asks again while the first one with its Idempotency-Key runs: at first, and at most. */
const IN_FLIGHT_POLL_MS = { first: 250, most: 2_000 };

/** The SDK's error for a call or a wait the caller's AbortSignal ended, with the signal's reason as its cause. */
export function abortedError(signal: AbortSignal): AtriumApiError {
  return new AtriumApiError({ status: 0, code: "aborted", message: "The call was aborted by its AbortSignal.", cause: signal.reason });
}

/** Waits `ms`, or fails with AtriumApiError `aborted` as soon as the signal aborts. */
export const sleep = (ms: number, signal?: AbortSignal | null) =>
  new Promise<void>((resolve, reject) => {
    if (signal?.aborted) return reject(abortedError(signal));
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener("abort", () => (clearTimeout(timer), reject(abortedError(signal))), { once: true });
  });

function retryAfterMs(response: Response): number | null {
  const value = response.headers.get("retry-after");
  if (value === null) return null;
  const seconds = Number(value);
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const date = Date.parse(value);
  return Number.isNaN(date) ? null : Math.max(0, date - Date.now());
}

async function bodyCode(response: Response): Promise<string | null> {
  try {
    return apiErrorCode(JSON.parse(await response.clone().text()));
  } catch {
    return null;
  }
}

/**
 * The `fetch` openapi-fetch is given: it hands each request to the caller's fetch as a
 * URL and an init with a string body (so a guarded or instrumented fetch works as is),
 * and retries what is safe to send again:
 * - 429 and 503 after Retry-After (any method: nothing was accepted);
 * - other 5xx answers and network failures only for a GET or a POST carrying an
 *   Idempotency-Key (the service replays the first answer, never charging twice), and
 *   never a replayed answer or a generation's final failure;
 * - a 409 `idempotency_conflict` (the first request with the same Idempotency-Key still
 *   runs) is asked again until the first has answered, whose answer the service then
 *   replays, for up to `inFlightWaitMs`;
 * - a network failure that is not retried becomes AtriumApiError `v1_unavailable`;
 * - an aborted signal ends the call with AtriumApiError `aborted`.
 */
export function retryingFetch(baseFetch: FetchLike, options: RetryOptions = {}): (request: Request) => Promise<Response> {
  const maxRetries = options.maxRetries ?? 2;
  const initialDelayMs = options.initialDelayMs ?? 500;
  const maxDelayMs = options.maxDelayMs ?? 60_000;
  const inFlightWaitMs = options.inFlightWaitMs ?? 360_000;

  return async (request) => {
    const body = request.method === "GET" || request.method === "HEAD" ? undefined : await request.text();
    const headers = Object.fromEntries(request.headers);
    const repeatable = request.method === "GET" || request.headers.has("idempotency-key");
    const signal = request.signal;
    const backoff = (attempt: number) => Math.min(maxDelayMs, initialDelayMs * 2 ** attempt * (0.5 + Math.random() / 2));
    const inFlightUntil = Date.now() + inFlightWaitMs;
    let inFlightPollMs = IN_FLIGHT_POLL_MS.first;

    for (let attempt = 0; ; attempt++) {
      const last = attempt >= maxRetries;
      let response: Response;
      try {
        response = await baseFetch(request.url, { method: request.method, headers, body, signal, redirect: request.redirect });
      } catch (cause) {
        if (signal.aborted) throw abortedError(signal);
        if (repeatable && !last) {
          await sleep(backoff(attempt), signal);
          continue;
        }
        throw new AtriumApiError({
          status: 502,
          code: "v1_unavailable",
          message: `The image service at ${new URL(request.url).origin} could not be reached.`,
          cause,
        });
      }
      if (response.status === 409 && request.headers.has("idempotency-key") && (await bodyCode(response)) === "idempotency_conflict") {
        const wait = retryAfterMs(response) ?? inFlightPollMs;
        if (Date.now() + wait > inFlightUntil) return response;
        await response.body?.cancel();
        await sleep(wait, signal);
        inFlightPollMs = Math.min(IN_FLIGHT_POLL_MS.most, inFlightPollMs * 2);
        // Waiting for the first request is not a failed attempt: the retry budget stays.
        attempt--;
        continue;
      }
      if (last) return response;

      if (REFUSED_BEFORE_ACCEPTING.has(response.status)) {
        const wait = retryAfterMs(response) ?? backoff(attempt);
        if (wait > maxDelayMs) return response;
        await response.body?.cancel();
        await sleep(wait, signal);
        continue;
      }
      if (response.status >= 500 && repeatable && response.headers.get("idempotency-replayed") !== "true") {
        const code = await bodyCode(response);
        if (code !== null && FINAL_FAILURES.has(code)) return response;
        await response.body?.cancel();
        await sleep(backoff(attempt), signal);
        continue;
      }
      return response;
    }
  };
}
