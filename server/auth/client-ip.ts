/**
 * The client's address for per-address limits. The last X-Forwarded-For entry is the
 * one the nearest proxy saw (Vercel and nginx set it; `next start` fills it from the
 * socket when absent). Entries before it are the client's own claims and are ignored.
 * Without a proxy a client can forge the header, which is why every limit that matters
 * is also kept per account.
 */
export function clientIp(headers: Headers | Record<string, string | string[] | undefined> | undefined): string {
  const raw = headers instanceof Headers ? headers.get("x-forwarded-for") : headers?.["x-forwarded-for"];
  const value = Array.isArray(raw) ? raw.join(",") : raw;
  const last = value?.split(",").map((part) => part.trim()).filter(Boolean).at(-1);
  return last ?? "unknown";
}
