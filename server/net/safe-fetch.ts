/**
 * The one way Atrium fetches a URL someone else supplied (source images, masks, webhook
 * endpoints). Connections only reach public addresses (see guarded-connector.ts),
 * redirects are followed by hand so each hop is checked again, and the whole exchange is
 * bounded in time and size. Errors never carry fetched content.
 */
import "server-only";
import type { IncomingHttpHeaders } from "node:http";
import { Agent, request, type Dispatcher } from "undici";
import { env } from "@/env";
import { AppError } from "@/server/errors";
import { BlockedDestinationError, type Reach } from "./destination";
import { guardedConnector } from "./guarded-connector";
import { readExcerpt, readLimited } from "./read-limited";

export type SafeFetchOptions = {
  method?: "GET" | "POST" | "PUT" | "HEAD";
  headers?: Record<string, string>;
  body?: string | Buffer;
  maxBytes?: number;
  timeoutMs?: number;
  signal?: AbortSignal;
  allowRedirects?: boolean;
  /** Return non-2xx answers instead of refusing them (a client that reads error bodies). */
  acceptAnyStatus?: boolean;
  /** Keep only the body's first bytes, however long it is, instead of refusing a body over maxBytes (a log's excerpt). */
  excerptOnly?: boolean;
  /** host:port entries exempt from the address rule for this call only (operator settings, never user input). */
  allowlist?: readonly string[];
  /** Addresses beside public ones this call may reach (operator settings, never user input). */
  reach?: Reach;
};

export type SafeFetchResult = { status: number; headers: IncomingHttpHeaders; body: Buffer; finalUrl: string };

const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);
const CREDENTIAL_HEADERS = ["authorization", "cookie", "proxy-authorization"];

/** Parses a user-supplied URL; anything but http(s) is the caller's mistake (D13). */
export function parseFetchUrl(input: string | URL): URL {
  let url: URL;
  try {
    url = new URL(input);
  } catch {
    throw new AppError("invalid_request", "The URL is not valid.");
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") {
    throw new AppError("invalid_request", "Only http and https URLs can be fetched.");
  }
  if (url.username || url.password) throw new AppError("invalid_request", "URLs with credentials are not accepted.");
  return url;
}

export async function safeFetch(input: string | URL, options: SafeFetchOptions = {}): Promise<SafeFetchResult> {
  let url = parseFetchUrl(input);
  const timeoutMs = options.timeoutMs ?? env.V1_FETCH_TIMEOUT_MS;
  const maxBytes = options.maxBytes ?? env.V1_SOURCE_MAX_BYTES;
  const timeout = AbortSignal.timeout(timeoutMs);
  const signal = options.signal ? AbortSignal.any([timeout, options.signal]) : timeout;
  // One agent per call: no pooled socket outlives the call or skips the connect-time check.
  const dispatcher = new Agent({
    connect: guardedConnector(Math.min(timeoutMs, env.V1_FETCH_TIMEOUT_MS), options.allowlist, options.reach),
  });
  let method = options.method ?? "GET";
  let headers = { ...options.headers };
  let body = options.body;
  try {
    for (let redirects = 0; ; redirects++) {
      const response = await send(dispatcher, url, { method, headers, body, signal });
      const location = response.headers.location;
      if (options.allowRedirects !== false && REDIRECT_STATUSES.has(response.statusCode) && typeof location === "string") {
        await response.body.dump();
        if (redirects >= env.V1_FETCH_MAX_REDIRECTS) throw new AppError("source_fetch_failed", "The URL redirected too many times.");
        const next = followRedirect(url, location);
        if (next.origin !== url.origin) headers = withoutCredentials(headers);
        if (response.statusCode === 303 || (method === "POST" && response.statusCode !== 307 && response.statusCode !== 308)) {
          method = "GET";
          body = undefined;
        }
        url = next;
        continue;
      }
      if (!options.acceptAnyStatus && (response.statusCode < 200 || response.statusCode > 299)) {
        await response.body.dump();
        throw new AppError("source_fetch_failed", `The URL answered with HTTP ${response.statusCode}.`, {
          details: { status: response.statusCode },
        });
      }
      const bytes = options.excerptOnly ? await readExcerpt(response, maxBytes) : await readLimited(response, maxBytes);
      return { status: response.statusCode, headers: response.headers, body: bytes, finalUrl: url.toString() };
    }
  } catch (error) {
    throw toFetchError(error, signal, timeout);
  } finally {
    dispatcher.destroy().catch(() => {});
  }
}

async function send(
  dispatcher: Dispatcher,
  url: URL,
  init: { method: string; headers: Record<string, string>; body?: string | Buffer; signal: AbortSignal },
): Promise<Dispatcher.ResponseData> {
  return request(url, {
    dispatcher,
    method: init.method as Dispatcher.HttpMethod,
    headers: init.headers,
    body: init.body,
    signal: init.signal,
  });
}

function followRedirect(from: URL, location: string): URL {
  let next: URL;
  try {
    next = new URL(location, from);
  } catch {
    throw new AppError("source_fetch_failed", "The URL redirected to an invalid location.");
  }
  if (next.protocol !== "http:" && next.protocol !== "https:") {
    throw new AppError("source_fetch_failed", "The URL redirected to a scheme other than http(s).");
  }
  return next;
}

function withoutCredentials(headers: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(headers).filter(([name]) => !CREDENTIAL_HEADERS.includes(name.toLowerCase())));
}

function toFetchError(error: unknown, signal: AbortSignal, timeout: AbortSignal): AppError {
  if (error instanceof AppError) return error;
  if (error instanceof BlockedDestinationError) return new AppError("source_fetch_failed", error.message, { cause: error });
  if (timeout.aborted) return new AppError("source_fetch_failed", "The URL did not answer in time.", { cause: error });
  if (signal.aborted) return new AppError("source_fetch_failed", "The fetch was canceled.", { cause: error });
  return new AppError("source_fetch_failed", "The URL could not be reached.", { cause: error });
}
