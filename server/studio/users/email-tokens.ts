import "server-only";
import { and, eq, gt, isNull } from "drizzle-orm";
import { emailTokens, type EmailTokenPurpose } from "@/db/schema/studio-email";
import type { Tx } from "@/db/client";
import type { StudioContext } from "../context";
import { hashSecretToken, newSecretToken } from "../secret-token";

export const EMAIL_TOKEN_TTL_MS: Record<EmailTokenPurpose, number> = {
  verify_email: 24 * 3600 * 1000,
  reset_password: 3600 * 1000,
};

/** A new single-use link token for this person and purpose; only its hash is stored. */
export async function issueEmailToken(
  ctx: Pick<StudioContext, "db" | "now">,
  input: { userId: string; email: string; purpose: EmailTokenPurpose },
): Promise<string> {
  const token = newSecretToken();
  await ctx.db.insert(emailTokens).values({
    userId: input.userId,
    email: input.email,
    purpose: input.purpose,
    tokenHash: hashSecretToken(token),
    expiresAt: new Date(ctx.now().getTime() + EMAIL_TOKEN_TTL_MS[input.purpose]),
  });
  return token;
}

/**
 * Uses a token up: one conditional update, so two clicks on the same link (or two tabs)
 * cannot both succeed. Null when the token is unknown, used, expired or for another purpose.
 */
export async function consumeEmailToken(
  ctx: { db: Tx; now: () => Date },
  input: { token: string; purpose: EmailTokenPurpose },
): Promise<{ userId: string; email: string } | null> {
  const now = ctx.now();
  const [row] = await ctx.db
    .update(emailTokens)
    .set({ usedAt: now })
    .where(
      and(
        eq(emailTokens.tokenHash, hashSecretToken(input.token)),
        eq(emailTokens.purpose, input.purpose),
        isNull(emailTokens.usedAt),
        gt(emailTokens.expiresAt, now),
      ),
    )
    .returning({ userId: emailTokens.userId, email: emailTokens.email });
  return row ?? null;
}
