/**
 * The contract accepts POST /api/v1/job with a trailing slash too. Next would answer
 * it with a 308 redirect (which many HTTP clients do not follow for POST), so the
 * trailing-slash redirect is off (next.config.mjs) and this rewrite serves it directly.
 */
import { NextResponse, type NextRequest } from "next/server";

export function proxy(request: NextRequest) {
  const url = request.nextUrl.clone();
  if (url.pathname.length > 1 && url.pathname.endsWith("/")) {
    url.pathname = url.pathname.replace(/\/+$/, "");
    // API routes are served as they are; pages keep Next's usual canonical redirect.
    return url.pathname.startsWith("/api/") ? NextResponse.rewrite(url) : NextResponse.redirect(url, 308);
  }
  return NextResponse.next();
}

export const config = { matcher: ["/((?!_next/|favicon.ico).*/)"] };
