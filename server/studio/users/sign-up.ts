import "server-only";
import { users } from "@/db/schema/studio";
import { hashPassword } from "@/server/auth/password";
import { assertStrongPassword } from "@/server/auth/password-strength";
import { accountEmailRequested } from "@/inngest/studio-events";
import type { StudioContext } from "../context";
import { normalizeEmail } from "./normalize-email";

export interface SignUpInput {
  name: string;
  email: string;
  password: string;
  /** Where the person goes once confirmed and signed in (an invitation, say); kept in the mailed links. */
  callbackUrl?: string | null;
  requestOrigin?: string | null;
}

export interface StudioUser {
  id: string;
  email: string;
  name: string;
}

/**
 * Creates a person who signs in with email and password; the durable function that sends
 * account mail then mails the link that confirms the address. An address that already has
 * an account gets a note saying someone tried to sign up with it instead (at most once an
 * hour, within the recipient's mail budget). Both paths check the password, hash it, try
 * the insert and hand one mail request to the function, so neither the caller's answer nor
 * its timing tells whether the address was known.
 * Returns the new person, or null for a known address (for callers inside the server only).
 */
export async function signUp(ctx: Pick<StudioContext, "db" | "events">, input: SignUpInput): Promise<StudioUser | null> {
  const email = normalizeEmail(input.email);
  await assertStrongPassword(input.password, [email, input.name]);
  const passwordHash = await hashPassword(input.password);
  // The unique index on email decides, also for two sign-ups with one address at once.
  const [user] = await ctx.db
    .insert(users)
    .values({ email, name: input.name.trim(), passwordHash })
    .onConflictDoNothing()
    .returning({ id: users.id, email: users.email, name: users.name });
  const mail = { origin: input.requestOrigin ?? null, callbackUrl: input.callbackUrl ?? null };
  await ctx.events.send(
    accountEmailRequested.create(user ? { kind: "verify_email", userId: user.id, ...mail } : { kind: "sign_up_attempt", email, ...mail }),
  );
  return user ?? null;
}
