import { eq } from "drizzle-orm";
import { users } from "@/db/schema/studio";
import { hashPassword } from "@/server/auth/password";
import { assertStrongPassword } from "@/server/auth/password-strength";
import { AppError } from "@/server/errors";
import type { StudioContext } from "../context";
import { normalizeEmail } from "./normalize-email";

export interface SignUpInput {
  name: string;
  email: string;
  password: string;
}

export interface StudioUser {
  id: string;
  email: string;
  name: string;
}

/** Creates a person who signs in with email and password. */
export async function signUp(ctx: Pick<StudioContext, "db">, input: SignUpInput): Promise<StudioUser> {
  const email = normalizeEmail(input.email);
  await assertStrongPassword(input.password, [email, input.name]);
  const existing = await ctx.db.select({ id: users.id }).from(users).where(eq(users.email, email));
  if (existing.length > 0) throw new AppError("conflict", "An account with this email already exists. Sign in instead.");
  const passwordHash = await hashPassword(input.password);
  const [user] = await ctx.db
    .insert(users)
    .values({ email, name: input.name.trim(), passwordHash })
    .onConflictDoNothing()
    .returning({ id: users.id, email: users.email, name: users.name });
  // Two sign-ups with one email at once: the loser hits the unique index.
  if (!user) throw new AppError("conflict", "An account with this email already exists. Sign in instead.");
  return user;
}
