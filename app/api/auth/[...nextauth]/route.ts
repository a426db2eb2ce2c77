import NextAuth from "next-auth";
import type { NextRequest } from "next/server";
import { authOptions } from "@/server/auth/options";
import { refuseMalformedAuthRequest } from "@/server/auth/malformed-auth-request";

export const runtime = "nodejs";

type Context = { params: Promise<{ nextauth: string[] }> };

// Options are built per request, not at import: `next build` loads this module and must
// not need AUTH_SECRET (Vercel builds run without runtime secrets).
async function handler(req: NextRequest, context: Context) {
  const refused = await refuseMalformedAuthRequest(req, (await context.params).nextauth);
  if (refused) return refused;
  return NextAuth(req, context as never, authOptions());
}

export { handler as GET, handler as POST };
