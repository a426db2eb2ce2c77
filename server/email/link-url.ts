import { env } from "@/env";
import { siteUrl } from "@/server/auth/site-url";

/**
 * An absolute link for an email: the configured public origin when there is one,
 * otherwise the origin the request came in on (one machine, any port).
 */
export function emailLink(path: string, requestOrigin?: string | null): string {
  const origin = siteUrl() ?? requestOrigin ?? `http://localhost:${env.PORT}`;
  return new URL(path, origin).toString();
}
