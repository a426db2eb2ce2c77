import "server-only";
import { countSignInAttempt, forgetSignInAttempts } from "@/server/auth/sign-in-limits";
import type { StudioContext } from "../context";
import { normalizeEmail } from "./normalize-email";
import type { StudioUser } from "./sign-up";
import { verifyCredentials } from "./verify-credentials";

/**
 * A password sign-in under the attempt limits: counted first (a locked account or
 * address is refused with SignInLockedError before any hashing, even with the right
 * password), then checked; null for a wrong email or password alike.
 */
export async function signInWithPassword(
  ctx: Pick<StudioContext, "db">,
  input: { email: string; password: string; ip: string },
): Promise<StudioUser | null> {
  const attempt = { email: normalizeEmail(input.email), ip: input.ip };
  await countSignInAttempt(ctx.db, attempt);
  const user = await verifyCredentials(ctx, input);
  if (user) await forgetSignInAttempts(ctx.db, attempt);
  return user;
}
