import "server-only";
import { eq } from "drizzle-orm";
import { users } from "@/db/schema/studio";
import { emailLink } from "@/server/email/link-url";
import { sendBudgetedEmail } from "@/server/email/send-budgeted-email";
import { verificationEmail } from "@/server/email/templates";
import { safeCallbackUrl } from "@/shared/safe-callback";
import type { StudioContext } from "../context";
import { issueEmailToken } from "./email-tokens";

/**
 * Mails a single-use link that confirms the person's address (from the durable function
 * that sends account mail), within the recipient's mail budget. Nothing is sent for an
 * address already confirmed. Returns whether a message went out. `callbackUrl` (a path on
 * this site, such as an invitation) rides along in the link, so the page the link opens
 * sends the person on to where they were going when they signed up.
 */
export async function sendVerificationEmail(
  ctx: Pick<StudioContext, "db" | "now">,
  input: { userId: string; requestOrigin?: string | null; callbackUrl?: string | null },
): Promise<boolean> {
  const [user] = await ctx.db
    .select({ email: users.email, emailVerifiedAt: users.emailVerifiedAt })
    .from(users)
    .where(eq(users.id, input.userId));
  if (!user || user.emailVerifiedAt) return false;
  const token = await issueEmailToken(ctx, { userId: input.userId, email: user.email, purpose: "verify_email" });
  const query = new URLSearchParams({ token });
  if (input.callbackUrl) query.set("callbackUrl", safeCallbackUrl(input.callbackUrl));
  const link = emailLink(`/verify-email?${query}`, input.requestOrigin);
  return sendBudgetedEmail(ctx.db, verificationEmail({ to: user.email, link }));
}
