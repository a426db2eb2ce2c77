import "server-only";
import { getServerSession, type Session } from "next-auth";
import { cache } from "react";
import { authOptions } from "./options";

/** The signed-in person for server components and route handlers, once per request. */
export const getSession = cache(async (): Promise<Session | null> => {
  const session = await getServerSession(authOptions());
  return session?.user?.id ? session : null;
});
