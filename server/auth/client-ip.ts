import "server-only";
import { env } from "@/env";
import { CONNECTION_HEADER, connectionAddress } from "@/server/http/connection-address";

type RequestHeaders = Headers | Record<string, string | string[] | undefined> | undefined;

function header(headers: RequestHeaders, name: string): string | undefined {
  const raw = headers instanceof Headers ? headers.get(name) : headers?.[name];
  return Array.isArray(raw) ? raw.join(",") : (raw ?? undefined);
}

/**
 * The client's address for per-address limits and the audit log.
 * - No proxy in front (TRUSTED_PROXY_HOPS=0, the default off Vercel): the address of the
 *   connection itself (server/http/connection-address.ts); X-Forwarded-For is the
 *   client's own words and is ignored.
 * - Behind proxies: each of the TRUSTED_PROXY_HOPS proxies appends the address it saw to
 *   X-Forwarded-For, so the client is the entry that many from the end; anything before
 *   it was written by the client and is ignored. A request with fewer entries came in past
 *   an outer proxy, and its first entry is the one the inner proxy recorded.
 */
export function clientIp(headers: RequestHeaders, hops = env.TRUSTED_PROXY_HOPS): string {
  if (hops === 0) return connectionAddress(header(headers, CONNECTION_HEADER)) ?? "unknown";
  const entries =
    header(headers, "x-forwarded-for")
      ?.split(",")
      .map((part) => part.trim())
      .filter(Boolean) ?? [];
  if (entries.length === 0) return "unknown";
  return entries[Math.max(0, entries.length - hops)];
}
