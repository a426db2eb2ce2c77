import "server-only";
import { env } from "@/env";
import { siteUrl } from "@/server/auth/site-url";

/**
 * An absolute link for an email: the configured public origin when there is one,
 * otherwise http://localhost:$PORT. The origin a request came in on is used in
 * development only (a phone on the LAN): elsewhere its Host header is the client's to
 * choose, and a reset link mailed to someone else must never point at that host.
 */
export function emailLink(path: string, requestOrigin?: string | null): string {
  const fromRequest = env.NODE_ENV === "development" ? requestOrigin : null;
  const origin = siteUrl() ?? fromRequest ?? `http://localhost:${env.PORT}`;
  return new URL(path, origin).toString();
}
