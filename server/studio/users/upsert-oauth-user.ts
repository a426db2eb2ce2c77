import { users } from "@/db/schema/studio";
import type { StudioContext } from "../context";
import { normalizeEmail } from "./normalize-email";
import type { StudioUser } from "./sign-up";

/**
 * Finds or creates the person behind an OAuth sign-in. Google and GitHub only hand out
 * verified emails, so an existing password account with the same email is the same person.
 */
export async function upsertOAuthUser(
  ctx: Pick<StudioContext, "db">,
  input: { email: string; name?: string | null; image?: string | null },
): Promise<StudioUser> {
  const email = normalizeEmail(input.email);
  const [user] = await ctx.db
    .insert(users)
    .values({ email, name: input.name?.trim() || email.split("@")[0], image: input.image ?? null })
    .onConflictDoUpdate({ target: users.email, set: { image: input.image ?? null } })
    .returning({ id: users.id, email: users.email, name: users.name });
  return user;
}
