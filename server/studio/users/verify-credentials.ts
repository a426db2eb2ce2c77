import "server-only";
import { eq } from "drizzle-orm";
import { users } from "@/db/schema/studio";
import { hashPassword, verifyPassword } from "@/server/auth/password";
import type { StudioContext } from "../context";
import { normalizeEmail } from "./normalize-email";
import type { StudioUser } from "./sign-up";

// A real argon2id hash with our costs, verified when there is no account (or no
// password), so an unknown email takes as long as a wrong password: timing tells nothing.
let decoyHash: Promise<string> | null = null;

/** The user when the email and password match, otherwise null (never says which part was wrong). */
export async function verifyCredentials(
  ctx: Pick<StudioContext, "db">,
  input: { email: string; password: string },
): Promise<StudioUser | null> {
  const [user] = await ctx.db
    .select()
    .from(users)
    .where(eq(users.email, normalizeEmail(input.email)));
  if (!user?.passwordHash) {
    decoyHash ??= hashPassword("decoy password that matches nothing");
    await verifyPassword(await decoyHash, input.password);
    return null;
  }
  if (!(await verifyPassword(user.passwordHash, input.password))) return null;
  return { id: user.id, email: user.email, name: user.name };
}
