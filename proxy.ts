/**
 * Requests before routing:
 * - Security headers on every answer (server/http/security-headers.ts): pages get a
 *   Content-Security-Policy with a fresh nonce, passed to Next on the request so its
 *   scripts carry it; API routes and files get a policy that lets nothing run.
 * - The trailing-slash redirect is off for the API's sake (next.config.mjs rewrites
 *   those paths inside the server); pages still get their canonical redirect here.
 * - A path with a malformed percent-escape (e.g. /api/v1/jobs/%) makes Next's router
 *   fail with an empty 500; such a path names no resource, so it gets the API's 404.
 * - Studio pages learn their own path and query (RETURN_TO_HEADER), so a person who
 *   must sign in first comes back to the exact page they opened (a layout cannot see it).
 */
import { NextResponse, type NextRequest } from "next/server";
import { RETURN_TO_HEADER } from "@/server/auth/return-to";
import { commonSecurityHeaders, newNonce, NON_PAGE_POLICY, pagePolicy } from "@/server/http/security-headers";
import { apiNotFound } from "@/server/v1/http/not-found";

function decodable(pathname: string): boolean {
  try {
    decodeURIComponent(pathname);
    return true;
  } catch {
    return false;
  }
}

export function proxy(request: NextRequest) {
  const { pathname, search } = request.nextUrl;
  if (!decodable(pathname)) return secured(apiNotFound(), NON_PAGE_POLICY);
  if (pathname.length > 1 && pathname.endsWith("/") && !pathname.startsWith("/api/")) {
    // Built from the Host the client sent: the server's own idea of its host may differ.
    const origin = `${request.nextUrl.protocol}//${request.headers.get("host") ?? request.nextUrl.host}`;
    return secured(NextResponse.redirect(new URL(`${pathname.replace(/\/+$/, "")}${search}`, origin), 308), NON_PAGE_POLICY);
  }
  if (pathname.startsWith("/api/") || pathname.startsWith("/files/")) return secured(NextResponse.next(), NON_PAGE_POLICY);
  const nonce = newNonce();
  const policy = pagePolicy(nonce);
  const headers = new Headers(request.headers);
  headers.set("x-nonce", nonce);
  headers.set("content-security-policy", policy);
  headers.set(RETURN_TO_HEADER, `${pathname}${search}`);
  return secured(NextResponse.next({ request: { headers } }), policy);
}

function secured<R extends Response>(response: R, policy: string): R {
  response.headers.set("Content-Security-Policy", policy);
  for (const [name, value] of Object.entries(commonSecurityHeaders())) response.headers.set(name, value);
  return response;
}

/**
 * Everything but Next's static assets and the routes that bound their own bodies: uploads
 * to the local file store (/files/, up to 25 MB), the property description (60 MB) and
 * Stripe's webhook (1 MB). Next copies the body of every request this proxy sees into
 * memory, only up to 10 MB (proxyClientMaxBodySize), and reads it to the end before the
 * route starts: an upload arrived cut short, a refusal came only after the whole body,
 * and Next's warning logged the upload's signed URL. Those routes enforce their own
 * limits from Content-Length before reading and while streaming; next.config.mjs gives
 * them (and the static assets) their headers.
 */
export const config = {
  matcher: ["/((?!_next/static|_next/image|favicon.ico|files/|api/v1/tools/property-description|api/stripe/webhook).*)"],
};
