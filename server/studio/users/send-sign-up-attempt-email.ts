import "server-only";
import { eq } from "drizzle-orm";
import { users } from "@/db/schema/studio";
import { emailLink } from "@/server/email/link-url";
import { sendBudgetedEmail } from "@/server/email/send-budgeted-email";
import { signUpAttemptEmail } from "@/server/email/templates";
import { authLink, safeCallbackUrl } from "@/shared/safe-callback";
import type { StudioContext } from "../context";

/**
 * Tells the owner of an address that someone tried to sign up with it, with a sign-in
 * link (keeping where the sign-up was going, an invitation for instance) and a link to
 * reset the password. The reset link opens the forgot-password form rather than carrying
 * a token, so sign-up cannot be used to hand out reset tokens past that form's own pace.
 */
export async function sendSignUpAttemptEmail(
  ctx: Pick<StudioContext, "db">,
  input: { email: string; requestOrigin?: string | null; callbackUrl?: string | null },
): Promise<boolean> {
  const [user] = await ctx.db.select({ id: users.id }).from(users).where(eq(users.email, input.email));
  if (!user) return false;
  const signIn = authLink("/sign-in", safeCallbackUrl(input.callbackUrl), input.email);
  const reset = `/forgot-password?${new URLSearchParams({ email: input.email })}`;
  return sendBudgetedEmail(
    ctx.db,
    signUpAttemptEmail({
      to: input.email,
      signInLink: emailLink(signIn, input.requestOrigin),
      resetLink: emailLink(reset, input.requestOrigin),
    }),
  );
}
