import "server-only";
import { getServerSession, type Session } from "next-auth";
import { headers } from "next/headers";
import { redirect } from "next/navigation";
import { connection } from "next/server";
import { cache } from "react";
import { safeCallbackUrl } from "@/shared/safe-callback";
import { authOptions } from "./options";
import { RETURN_TO_HEADER } from "./return-to";

/** The signed-in person for server components and route handlers, once per request. */
export const getSession = cache(async (): Promise<Session | null> => {
  // A session belongs to a request: say so before reading AUTH_SECRET, so `next build`
  // never prerenders these pages and builds without secrets (Vercel builds have none).
  await connection();
  const session = await getServerSession(authOptions());
  return session?.user?.id ? session : null;
});

/**
 * The signed-in person, or a redirect to sign-in that comes back to the page asked for
 * (its path and query, set by proxy.ts), or to `returnTo` when that is unknown.
 */
export async function requireUser(returnTo: string): Promise<Session["user"]> {
  const session = await getSession();
  if (!session) {
    const requested = safeCallbackUrl((await headers()).get(RETURN_TO_HEADER), returnTo);
    redirect(`/sign-in?callbackUrl=${encodeURIComponent(requested)}`);
  }
  return session.user;
}
