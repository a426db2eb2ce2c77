import "server-only";
import { and, eq, isNull } from "drizzle-orm";
import { users } from "@/db/schema/studio";
import { emailTokens } from "@/db/schema/studio-email";
import { sessions } from "@/db/schema/studio-security";
import { hashPassword } from "@/server/auth/password";
import { AppError } from "@/server/errors";
import type { StudioContext } from "../context";
import { consumeEmailToken } from "./email-tokens";
import { grantStarterCreditsOnConfirm } from "./starter-credits";

/**
 * Sets a new password from a reset link. Following the link proves the address, so it
 * also counts as confirming it (with the starter credits that were waiting for it); the
 * person's other unused reset links stop working, and every session ends (whoever knew
 * the old password, e.g. someone who made the account in advance with this address, is
 * signed out).
 */
export async function resetPassword(
  ctx: Pick<StudioContext, "db" | "now">,
  input: { token: string; password: string },
): Promise<{ email: string }> {
  const passwordHash = await hashPassword(input.password);
  return ctx.db.transaction(async (tx) => {
    const used = await consumeEmailToken({ db: tx, now: ctx.now }, { token: input.token, purpose: "reset_password" });
    if (!used) throw new AppError("not_found", "This reset link is not valid any more. Ask for a new one.");
    const [user] = await tx
      .update(users)
      .set({ passwordHash })
      .where(and(eq(users.id, used.userId), eq(users.email, used.email)))
      .returning({ emailVerifiedAt: users.emailVerifiedAt });
    if (!user) throw new AppError("not_found", "This reset link is not valid any more. Ask for a new one.");
    if (!user.emailVerifiedAt) {
      await tx.update(users).set({ emailVerifiedAt: ctx.now() }).where(eq(users.id, used.userId));
      await grantStarterCreditsOnConfirm({ db: tx, now: ctx.now }, used.userId);
    }
    await tx
      .update(emailTokens)
      .set({ usedAt: ctx.now() })
      .where(and(eq(emailTokens.userId, used.userId), eq(emailTokens.purpose, "reset_password"), isNull(emailTokens.usedAt)));
    await tx.delete(sessions).where(eq(sessions.userId, used.userId));
    return { email: used.email };
  });
}
