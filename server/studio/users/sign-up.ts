import "server-only";
import { users } from "@/db/schema/studio";
import { hashPassword } from "@/server/auth/password";
import { assertStrongPassword } from "@/server/auth/password-strength";
import { claimSignUpNotice } from "@/server/auth/sign-in-limits";
import type { StudioContext } from "../context";
import { normalizeEmail } from "./normalize-email";
import { sendSignUpAttemptEmail } from "./send-sign-up-attempt-email";
import { sendVerificationEmail } from "./send-verification-email";

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
 * Creates a person who signs in with email and password, and mails the link that confirms
 * the address. An address that already has an account gets a mail saying someone tried to
 * sign up with it instead, at most once an hour. Both paths hash the password, try the
 * insert and send one mail, so neither the caller's answer nor its timing tells whether the
 * address was known. (A repeat within the hour skips the mail and answers sooner; it tells
 * only that someone tried the address recently, and any second try of an address is a
 * known one anyway, since the first created the account.)
 * Returns the new person, or null for a known address (for callers inside the server only).
 */
export async function signUp(ctx: Pick<StudioContext, "db" | "now">, input: SignUpInput): Promise<StudioUser | null> {
  const email = normalizeEmail(input.email);
  await assertStrongPassword(input.password, [email, input.name]);
  const passwordHash = await hashPassword(input.password);
  // The unique index on email decides, also for two sign-ups with one address at once.
  const [user] = await ctx.db
    .insert(users)
    .values({ email, name: input.name.trim(), passwordHash })
    .onConflictDoNothing()
    .returning({ id: users.id, email: users.email, name: users.name });
  const mail = { requestOrigin: input.requestOrigin, callbackUrl: input.callbackUrl };
  if (user) await sendVerificationEmail(ctx, { userId: user.id, ...mail });
  else if (await claimSignUpNotice(ctx.db, email)) await sendSignUpAttemptEmail(ctx, { email, ...mail });
  return user ?? null;
}
