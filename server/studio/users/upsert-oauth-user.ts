import "server-only";
import { eq } from "drizzle-orm";
import { users } from "@/db/schema/studio";
import type { StudioContext } from "../context";
import { normalizeEmail } from "./normalize-email";
import type { StudioUser } from "./sign-up";

/**
 * Refused: an account with this email exists but never confirmed the address. It may
 * have been made by someone else in advance (account pre-hijack), so signing in with
 * the provider must not hand it over; its owner signs in with the password and
 * confirms the address first.
 */
export class UnconfirmedAccountError extends Error {
  constructor() {
    super("An account with this email exists and has not confirmed its address.");
    this.name = "UnconfirmedAccountError";
  }
}

/**
 * Finds or creates the person behind an OAuth sign-in, given an email the provider
 * verified (server/auth/verified-provider-email.ts). An existing account is the same
 * person only when it confirmed that address too; a new one starts confirmed.
 */
export async function upsertOAuthUser(
  ctx: Pick<StudioContext, "db" | "now">,
  input: { email: string; name?: string | null; image?: string | null },
): Promise<StudioUser> {
  const email = normalizeEmail(input.email);
  for (;;) {
    const [existing] = await ctx.db
      .select({ id: users.id, email: users.email, name: users.name, verifiedAt: users.emailVerifiedAt })
      .from(users)
      .where(eq(users.email, email));
    if (existing) {
      if (!existing.verifiedAt) throw new UnconfirmedAccountError();
      await ctx.db
        .update(users)
        .set({ image: input.image ?? null })
        .where(eq(users.id, existing.id));
      return { id: existing.id, email: existing.email, name: existing.name };
    }
    const [created] = await ctx.db
      .insert(users)
      .values({ email, name: input.name?.trim() || email.split("@")[0], image: input.image ?? null, emailVerifiedAt: ctx.now() })
      .onConflictDoNothing({ target: users.email })
      .returning({ id: users.id, email: users.email, name: users.name });
    // Another sign-in with the same email won the insert: read it again.
    if (created) return created;
  }
}
