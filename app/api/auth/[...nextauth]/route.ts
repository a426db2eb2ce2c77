import NextAuth from "next-auth";
import type { NextRequest } from "next/server";
import { authOptions } from "@/server/auth/options";
import { isWellFormedCallbackUrl } from "@/shared/safe-callback";

export const runtime = "nodejs";

type Context = { params: Promise<{ nextauth: string[] }> };

/**
 * A callbackUrl that is neither a path nor an http(s) URL, in the query, the form body or
 * next-auth's callback cookie, is the client's mistake: 400 (next-auth's own checks
 * answered 500, or threw a TypeError for the form's). A malformed cookie is also cleared,
 * so the browser recovers.
 */
async function malformedCallback(req: NextRequest): Promise<Response | null> {
  const given = req.nextUrl.searchParams.getAll("callbackUrl");
  if (req.method === "POST" && req.headers.get("content-type")?.startsWith("application/x-www-form-urlencoded")) {
    given.push(...(await req.clone().formData()).getAll("callbackUrl").map(String));
  }
  const refusal = (headers?: HeadersInit) =>
    Response.json({ error: "callbackUrl must be a path on this site or an http(s) URL." }, { status: 400, headers });
  if (given.length > 1 || given.some((value) => !isWellFormedCallbackUrl(value))) return refusal();
  const cookie = req.cookies.getAll().find(({ name, value }) => name.endsWith("next-auth.callback-url") && !isWellFormedCallbackUrl(value));
  return cookie ? refusal({ "set-cookie": `${cookie.name}=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax${cookie.name.startsWith("__Secure-") ? "; Secure" : ""}` }) : null;
}

// Options are built per request, not at import: `next build` loads this module and must
// not need AUTH_SECRET (Vercel builds run without runtime secrets).
async function handler(req: NextRequest, context: Context) {
  const refused = await malformedCallback(req);
  if (refused) return refused;
  return NextAuth(req, context as never, authOptions());
}

export { handler as GET, handler as POST };
