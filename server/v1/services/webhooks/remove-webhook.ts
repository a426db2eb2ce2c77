import "server-only";
import { eq } from "drizzle-orm";
import type { Tx } from "@/db/client";
import { accounts } from "@/db/schema";
import { AppError } from "@/server/errors";

export async function removeWebhook(db: Tx, input: { accountId: string }): Promise<void> {
  const updated = await db
    .update(accounts)
    .set({ webhookUrl: null, webhookSecret: null, updatedAt: new Date() })
    .where(eq(accounts.id, input.accountId))
    .returning({ id: accounts.id });
  if (updated.length === 0) throw new AppError("not_found", "No such account.");
}
