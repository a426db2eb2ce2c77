import "server-only";
import { and, eq, gt } from "drizzle-orm";
import { users } from "@/db/schema/studio";
import { emailTokens } from "@/db/schema/studio-email";
import { emailLink } from "@/server/email/link-url";
import { sendEmail } from "@/server/email/send-email";
import { passwordResetEmail } from "@/server/email/templates";
import type { StudioContext } from "../context";
import { issueEmailToken } from "./email-tokens";
import { normalizeEmail } from "./normalize-email";

/** One reset mail per address per minute: a form hammered by someone else floods nobody. */
const RESEND_INTERVAL_MS = 60_000;

/**
 * Mails a password-reset link when the address has an account. The caller answers the
 * same whether or not it has one, so the form does not reveal who is registered.
 */
export async function requestPasswordReset(
  ctx: Pick<StudioContext, "db" | "now">,
  input: { email: string; requestOrigin?: string | null },
): Promise<void> {
  const email = normalizeEmail(input.email);
  const [user] = await ctx.db.select({ id: users.id, name: users.name }).from(users).where(eq(users.email, email));
  if (!user) return;
  const since = new Date(ctx.now().getTime() - RESEND_INTERVAL_MS);
  const [recent] = await ctx.db
    .select({ id: emailTokens.id })
    .from(emailTokens)
    .where(and(eq(emailTokens.userId, user.id), eq(emailTokens.purpose, "reset_password"), gt(emailTokens.createdAt, since)))
    .limit(1);
  if (recent) return;
  const token = await issueEmailToken(ctx, { userId: user.id, email, purpose: "reset_password" });
  await sendEmail(passwordResetEmail({ to: email, name: user.name, link: emailLink(`/reset-password?token=${token}`, input.requestOrigin) }));
}
