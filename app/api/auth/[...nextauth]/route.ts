import NextAuth from "next-auth";
import type { NextRequest } from "next/server";
import { authOptions } from "@/server/auth/options";
import { isWellFormedCallbackUrl } from "@/shared/safe-callback";

export const runtime = "nodejs";

type Context = { params: Promise<{ nextauth: string[] }> };

// Options are built per request, not at import: `next build` loads this module and must
// not need AUTH_SECRET (Vercel builds run without runtime secrets).
function handler(req: NextRequest, context: Context) {
  // A crafted callbackUrl is the client's mistake: 400, not whatever next-auth makes of it.
  const callbacks = req.nextUrl.searchParams.getAll("callbackUrl");
  if (callbacks.length > 1 || (callbacks.length === 1 && !isWellFormedCallbackUrl(callbacks[0]))) {
    return Response.json({ error: "callbackUrl must be a path on this site or an http(s) URL." }, { status: 400 });
  }
  return NextAuth(req, context as never, authOptions());
}

export { handler as GET, handler as POST };
