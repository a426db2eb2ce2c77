import "server-only";
import { env } from "@/env";
import { safeFetch } from "@/server/net/safe-fetch";
import { defaultV1BaseUrl } from "./default-v1-base-url";

/** v1 answers are JSON envelopes and job lists; nothing legitimate comes near this. */
const MAX_V1_RESPONSE_BYTES = 20 * 1024 * 1024;
/** Synchronous routes (inpaint, upscale, descriptions) wait for the provider, then answer. */
const SYNC_MARGIN_MS = 30_000;
const NULL_BODY_STATUSES = new Set([204, 205, 304]);

/**
 * host:port of the deployment's v1 address, for the guarded fetcher: the operator named
 * it, so it may be private (the app's own loopback address on one machine); every other
 * destination, including where it redirects, stays under the address rule.
 */
function v1AllowlistEntries(): string[] {
  const url = new URL(defaultV1BaseUrl());
  return [`${url.hostname}:${url.port || (url.protocol === "https:" ? "443" : "80")}`];
}

/**
 * The `fetch` the studio's v1 client uses: the guarded fetcher of source images (checked
 * addresses at connect time, bounded size and time) with redirects never followed, so
 * the workspace key is only ever sent to the deployment's v1 address.
 */
export const v1Fetch: typeof fetch = async (input, init) => {
  const url = input instanceof Request ? input.url : String(input);
  const result = await safeFetch(url, {
    method: (init?.method ?? "GET") as "GET" | "POST",
    headers: Object.fromEntries(new Headers(init?.headers)),
    body: typeof init?.body === "string" ? init.body : undefined,
    signal: init?.signal ?? undefined,
    allowRedirects: false,
    acceptAnyStatus: true,
    allowlist: v1AllowlistEntries(),
    maxBytes: MAX_V1_RESPONSE_BYTES,
    timeoutMs: env.V1_PROVIDER_TIMEOUT_MS + SYNC_MARGIN_MS,
  });
  const headers = new Headers();
  for (const [name, value] of Object.entries(result.headers)) {
    if (value === undefined) continue;
    for (const item of Array.isArray(value) ? value : [value]) headers.append(name, item);
  }
  const body = NULL_BODY_STATUSES.has(result.status) ? null : new Uint8Array(result.body);
  return new Response(body, { status: result.status, headers });
};
