import "server-only";
import crypto from "node:crypto";
import { eq } from "drizzle-orm";
import type { Tx } from "@/db/client";
import { accounts } from "@/db/schema";
import { AppError } from "@/server/errors";
import { assertPublicUrl } from "@/server/net/assert-public-url";
import { sealWebhookSecret } from "./webhook-secret";

/** Registers the account's one webhook endpoint and returns its new signing secret (stored encrypted). */
export async function setWebhook(db: Tx, input: { accountId: string; url: string }): Promise<{ secret: string }> {
  await assertPublicUrl(input.url);
  const secret = `whsec_${crypto.randomBytes(24).toString("base64url")}`;
  const updated = await db
    .update(accounts)
    .set({ webhookUrl: input.url, webhookSecret: sealWebhookSecret(secret), updatedAt: new Date() })
    .where(eq(accounts.id, input.accountId))
    .returning({ id: accounts.id });
  if (updated.length === 0) throw new AppError("not_found", "No such account.");
  return { secret };
}
