/**
 * Requests before routing:
 * - The trailing-slash redirect is off for the API's sake (next.config.mjs rewrites
 *   those paths inside the server); pages still get their canonical redirect here.
 * - A path with a malformed percent-escape (e.g. /api/v1/jobs/%) makes Next's router
 *   fail with an empty 500; such a path names no resource, so it gets the API's 404.
 * - Studio pages learn their own path and query (RETURN_TO_HEADER), so a person who
 *   must sign in first comes back to the exact page they opened (a layout cannot see it).
 */
import { NextResponse, type NextRequest } from "next/server";
import { RETURN_TO_HEADER } from "@/server/auth/return-to";
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
  if (!decodable(pathname)) return apiNotFound();
  if (pathname.length > 1 && pathname.endsWith("/") && !pathname.startsWith("/api/")) {
    // Built from the Host the client sent: the server's own idea of its host may differ.
    const origin = `${request.nextUrl.protocol}//${request.headers.get("host") ?? request.nextUrl.host}`;
    return NextResponse.redirect(new URL(`${pathname.replace(/\/+$/, "")}${search}`, origin), 308);
  }
  if (!pathname.startsWith("/api/")) {
    const headers = new Headers(request.headers);
    headers.set(RETURN_TO_HEADER, `${pathname}${search}`);
    return NextResponse.next({ request: { headers } });
  }
  return NextResponse.next();
}

export const config = { matcher: ["/((?!_next/|favicon.ico).*/)", "/api/:path*", "/w/:path*", "/workspaces/:path*"] };
