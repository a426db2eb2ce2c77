import NextAuth from "next-auth";
import type { NextRequest } from "next/server";
import { authOptions } from "@/server/auth/options";

export const runtime = "nodejs";

type Context = { params: Promise<{ nextauth: string[] }> };

// Options are built per request, not at import: `next build` loads this module and must
// not need AUTH_SECRET (Vercel builds run without runtime secrets).
function handler(req: NextRequest, context: Context) {
  return NextAuth(req, context as never, authOptions());
}

export { handler as GET, handler as POST };
