import { eq } from "drizzle-orm";
import { users } from "@/db/schema/studio";
import { verifyPassword } from "@/server/auth/password";
import type { StudioContext } from "../context";
import { normalizeEmail } from "./normalize-email";
import type { StudioUser } from "./sign-up";

/** The user when the email and password match, otherwise null (never says which part was wrong). */
export async function verifyCredentials(
  ctx: Pick<StudioContext, "db">,
  input: { email: string; password: string },
): Promise<StudioUser | null> {
  const [user] = await ctx.db.select().from(users).where(eq(users.email, normalizeEmail(input.email)));
  if (!user?.passwordHash) return null;
  if (!(await verifyPassword(user.passwordHash, input.password))) return null;
  return { id: user.id, email: user.email, name: user.name };
}
