import "server-only";
import { and, eq, gt } from "drizzle-orm";
import { users } from "@/db/schema/studio";
import { emailTokens } from "@/db/schema/studio-email";
import { emailLink } from "@/server/email/link-url";
import { sendBudgetedEmail } from "@/server/email/send-budgeted-email";
import { passwordResetEmail } from "@/server/email/templates";
import type { StudioContext } from "../context";
import { issueEmailToken } from "./email-tokens";

/** One reset link per address per minute: a second request within it adds nothing. */
const RESEND_INTERVAL_MS = 60_000;

/**
 * The durable half of a password reset (request-password-reset.ts): mails a single-use
 * link when the address has an account, within the recipient's mail budget. Returns
 * whether a message went out.
 */
export async function mailPasswordReset(
  ctx: Pick<StudioContext, "db" | "now">,
  input: { email: string; origin: string | null },
): Promise<boolean> {
  const [user] = await ctx.db.select({ id: users.id }).from(users).where(eq(users.email, input.email));
  if (!user) return false;
  const since = new Date(ctx.now().getTime() - RESEND_INTERVAL_MS);
  const [recent] = await ctx.db
    .select({ id: emailTokens.id })
    .from(emailTokens)
    .where(and(eq(emailTokens.userId, user.id), eq(emailTokens.purpose, "reset_password"), gt(emailTokens.createdAt, since)))
    .limit(1);
  if (recent) return false;
  const token = await issueEmailToken(ctx, { userId: user.id, email: input.email, purpose: "reset_password" });
  return sendBudgetedEmail(
    ctx.db,
    passwordResetEmail({ to: input.email, link: emailLink(`/reset-password?token=${token}`, input.origin) }),
  );
}
