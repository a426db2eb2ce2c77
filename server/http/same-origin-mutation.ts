/**
 * The studio's tRPC endpoint takes writes only as JSON from the app's own pages
 * (SECURITY.md, L3). A form on another site, same-site ones included (a sibling
 * subdomain, another port), can post `multipart/form-data` or `text/plain` to it with the
 * victim's cookie and no preflight; tRPC would read a form body as input. So a POST must
 * be `application/json` (which a cross-site page cannot send without a CORS preflight we
 * never answer) and come from this origin: `Sec-Fetch-Site: same-origin` where the browser
 * sends it, otherwise an `Origin` equal to the app's. A request with neither (not from a
 * browser page) is refused too: the studio's API has no other clients.
 */
import "server-only";
import { siteUrl } from "@/server/auth/site-url";

function refusal(status: 403 | 415, message: string): Response {
  return Response.json({ error: { message, code: status === 415 ? "UNSUPPORTED_MEDIA_TYPE" : "FORBIDDEN" } }, { status });
}

/** Whether a browser sent the request from one of this app's own pages: `Sec-Fetch-Site` where sent, else `Origin`. */
export function fromOwnPages(request: Request): boolean {
  const site = request.headers.get("sec-fetch-site");
  if (site) return site === "same-origin";
  const origin = request.headers.get("origin");
  const own = [new URL(request.url).origin, siteUrl() && new URL(siteUrl()!).origin].filter(Boolean);
  return Boolean(origin && own.includes(origin));
}

/** Null when the request may go on; otherwise the answer that refuses it. */
export function refuseCrossSiteWrite(request: Request): Response | null {
  if (request.method !== "POST") return null;
  const type = request.headers.get("content-type")?.split(";")[0].trim().toLowerCase();
  if (type !== "application/json") return refusal(415, "Studio requests must be sent as JSON.");
  return fromOwnPages(request) ? null : refusal(403, "This request did not come from the studio's own pages.");
}
