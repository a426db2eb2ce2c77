import "server-only";
import { getServerSession, type Session } from "next-auth";
import { redirect } from "next/navigation";
import { connection } from "next/server";
import { cache } from "react";
import { authOptions } from "./options";

/** The signed-in person for server components and route handlers, once per request. */
export const getSession = cache(async (): Promise<Session | null> => {
  // A session belongs to a request: say so before reading AUTH_SECRET, so `next build`
  // never prerenders these pages and builds without secrets (Vercel builds have none).
  await connection();
  const session = await getServerSession(authOptions());
  return session?.user?.id ? session : null;
});

/** The signed-in person, or a redirect to sign-in that comes back to `returnTo`. */
export async function requireUser(returnTo: string): Promise<Session["user"]> {
  const session = await getSession();
  if (!session) redirect(`/sign-in?callbackUrl=${encodeURIComponent(returnTo)}`);
  return session.user;
}
