/**
 * The one tRPC caller helper: real users in the test database and callers acting as
 * them, so procedure tests go through the same middleware (session, membership, role) as
 * the app; and codeOf, what a call came to.
 */
import { TRPCError } from "@trpc/server";
import { eq } from "drizzle-orm";
import type { Session } from "next-auth";
import { users } from "@/db/schema/studio";
import { createStudioContext, type StudioContext } from "@/server/studio/context";
import { signUp } from "@/server/studio/users/sign-up";
import { createTRPCContext } from "@/server/trpc/init";
import { createCaller } from "@/server/trpc/root";

let counter = 0;

export type Caller = ReturnType<typeof createCaller>;

/** `ip` is the client's address as the HTTP handler would find it (server/auth/client-ip.ts). */
export async function callerFor(
  user: { id: string; email: string; name: string } | null,
  studio?: Partial<StudioContext>,
  ip?: string,
): Promise<Caller> {
  const session: Session | null = user ? { user, expires: new Date(Date.now() + 3600_000).toISOString() } : null;
  return createCaller(await createTRPCContext({ session, studio: await createStudioContext(studio), ip }));
}

/** Signs up a fresh person who confirmed their email (so their first workspace gets starter credits) and returns a caller acting as them. */
export async function newPerson(name: string, options: { confirmed?: boolean; email?: string; password?: string } = {}) {
  const email = options.email ?? `${name.toLowerCase().replace(/\W+/g, "-")}-${Date.now()}-${counter++}@example.test`;
  const ctx = await createStudioContext();
  const user = (await signUp(ctx, { name, email, password: options.password ?? "correct horse battery" }))!;
  if (options.confirmed ?? true) await ctx.db.update(users).set({ emailVerifiedAt: new Date() }).where(eq(users.id, user.id));
  return { user, api: await callerFor(user) };
}

/** "OK" when the call succeeds, else the tRPC code it was refused with; any other error fails the test. */
export async function codeOf(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
    return "OK";
  } catch (error) {
    if (error instanceof TRPCError) return error.code;
    throw error;
  }
}
