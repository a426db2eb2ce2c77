/**
 * Requests before routing:
 * - The contract accepts POST /api/v1/job with a trailing slash. Next would answer it
 *   with a 308 redirect (which many HTTP clients do not follow for POST), so the
 *   trailing-slash redirect is off (next.config.mjs) and API paths are rewritten here.
 * - A path with a malformed percent-escape (e.g. /api/v1/jobs/%) makes Next's router
 *   fail with an empty 500; such a path names no resource, so it gets the API's 404.
 */
import { NextResponse, type NextRequest } from "next/server";
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
  const url = request.nextUrl.clone();
  if (!decodable(url.pathname)) return apiNotFound();
  if (url.pathname.length > 1 && url.pathname.endsWith("/")) {
    url.pathname = url.pathname.replace(/\/+$/, "");
    // API routes are served as they are; pages keep Next's usual canonical redirect.
    return url.pathname.startsWith("/api/") ? NextResponse.rewrite(url) : NextResponse.redirect(url, 308);
  }
  return NextResponse.next();
}

export const config = { matcher: ["/((?!_next/|favicon.ico).*/)", "/api/:path*"] };
