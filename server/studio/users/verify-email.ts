import "server-only";
import { and, eq, isNull } from "drizzle-orm";
import { users } from "@/db/schema/studio";
import { AppError } from "@/server/errors";
import type { StudioContext } from "../context";
import { consumeEmailToken } from "./email-tokens";
import { grantStarterCreditsOnConfirm } from "./starter-credits";

/**
 * Marks the address confirmed when the link is valid and the account still has the
 * address the link was sent to (a link proves that address, not a later one), and gives
 * the starter credits that were waiting for it, in one transaction.
 */
export async function verifyEmail(ctx: Pick<StudioContext, "db" | "now">, input: { token: string }): Promise<{ email: string }> {
  return ctx.db.transaction(async (tx) => {
    const used = await consumeEmailToken({ db: tx, now: ctx.now }, { token: input.token, purpose: "verify_email" });
    if (!used) throw new AppError("not_found", "This confirmation link is not valid any more. Sign in to get a new one.");
    const confirmed = await tx
      .update(users)
      .set({ emailVerifiedAt: ctx.now() })
      .where(and(eq(users.id, used.userId), eq(users.email, used.email), isNull(users.emailVerifiedAt)))
      .returning({ id: users.id });
    if (confirmed.length > 0) await grantStarterCreditsOnConfirm({ db: tx, now: ctx.now }, used.userId);
    return { email: used.email };
  });
}
