import "server-only";
import { siteUrl } from "@/server/auth/site-url";
import { env } from "@/env";

/** The public disclosure page of a share token; the browser adds its own origin, as invite links do. */
export function sharePath(token: string): string {
  return `/share/${token}`;
}

/** The share page as an absolute URL, for what leaves the browser (QR codes in downloads, remark lines). */
export function publicShareUrl(path: string): string {
  return new URL(path, siteUrl() ?? `http://localhost:${env.PORT}`).toString();
}
