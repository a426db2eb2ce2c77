import "server-only";
import { and, eq, gt, isNull } from "drizzle-orm";
import { users } from "@/db/schema/studio";
import { emailTokens } from "@/db/schema/studio-email";
import { sessions } from "@/db/schema/studio-security";
import { hashPassword } from "@/server/auth/password";
import { assertStrongPassword } from "@/server/auth/password-strength";
import { AppError } from "@/server/errors";
import type { StudioContext } from "../context";
import { hashSecretToken } from "../secret-token";
import { consumeEmailToken } from "./email-tokens";
import { reviewReclaimedAccount } from "./review-reclaimed-account";

const LINK_GONE = "This reset link is not valid any more. Ask for a new one.";

/**
 * Sets a new password from a reset link, under the same password rule as sign-up (checked
 * before the link is used up, so a refused password leaves it working). Following the link
 * proves the address, so it also confirms it; an account whose address was never confirmed
 * is thereby claimed back by the address's owner, and what was set up in it before is
 * reviewed (review-reclaimed-account.ts). The person's other unused reset links stop
 * working, and every session ends (whoever knew the old password is signed out).
 */
export async function resetPassword(
  ctx: Pick<StudioContext, "db" | "now">,
  input: { token: string; password: string; ip?: string },
): Promise<{ email: string }> {
  const [holder] = await ctx.db
    .select({ email: users.email, name: users.name })
    .from(emailTokens)
    .innerJoin(users, eq(users.id, emailTokens.userId))
    .where(
      and(
        eq(emailTokens.tokenHash, hashSecretToken(input.token)),
        eq(emailTokens.purpose, "reset_password"),
        isNull(emailTokens.usedAt),
        gt(emailTokens.expiresAt, ctx.now()),
      ),
    );
  if (!holder) throw new AppError("not_found", LINK_GONE);
  await assertStrongPassword(input.password, [holder.email, holder.name]);
  const passwordHash = await hashPassword(input.password);
  return ctx.db.transaction(async (tx) => {
    const used = await consumeEmailToken({ db: tx, now: ctx.now }, { token: input.token, purpose: "reset_password" });
    if (!used) throw new AppError("not_found", LINK_GONE);
    const [user] = await tx
      .update(users)
      .set({ passwordHash })
      .where(and(eq(users.id, used.userId), eq(users.email, used.email)))
      .returning({ emailVerifiedAt: users.emailVerifiedAt });
    if (!user) throw new AppError("not_found", LINK_GONE);
    if (!user.emailVerifiedAt) {
      await tx.update(users).set({ emailVerifiedAt: ctx.now() }).where(eq(users.id, used.userId));
      await reviewReclaimedAccount({ db: tx, now: ctx.now }, { userId: used.userId, ip: input.ip });
    }
    await tx
      .update(emailTokens)
      .set({ usedAt: ctx.now() })
      .where(and(eq(emailTokens.userId, used.userId), eq(emailTokens.purpose, "reset_password"), isNull(emailTokens.usedAt)));
    await tx.delete(sessions).where(eq(sessions.userId, used.userId));
    return { email: used.email };
  });
}
