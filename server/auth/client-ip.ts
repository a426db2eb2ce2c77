import "server-only";
import { env } from "@/env";

type RequestHeaders = Headers | Record<string, string | string[] | undefined> | undefined;

/**
 * The client's address for per-address limits. Each of the TRUSTED_PROXY_HOPS proxies in
 * front of the app appends the address it saw to X-Forwarded-For, so the client is the
 * entry that many from the end; anything before it was written by the client and is
 * ignored. A request with fewer entries came in past an outer proxy, and its first entry
 * is the one the inner proxy recorded.
 *
 * `next start` reached directly fills the header from the socket only when a request lacks
 * it, so without a proxy a client can choose its address: per-address limits need a proxy
 * (SECURITY.md), while the per-account limits hold either way.
 */
export function clientIp(headers: RequestHeaders, hops = env.TRUSTED_PROXY_HOPS): string {
  const raw = headers instanceof Headers ? headers.get("x-forwarded-for") : headers?.["x-forwarded-for"];
  const value = Array.isArray(raw) ? raw.join(",") : raw;
  const entries = value?.split(",").map((part) => part.trim()).filter(Boolean) ?? [];
  if (entries.length === 0) return "unknown";
  return entries[Math.max(0, entries.length - hops)];
}
