import "server-only";
import { and, eq } from "drizzle-orm";
import type { Tx } from "@/db/client";
import { accounts, webhookEndpoints } from "@/db/schema";
import { AppError } from "@/server/errors";

/** `npm run admin -- webhook remove`: one endpoint of the account, or all of them when none is named. */
export async function removeWebhook(db: Tx, input: { accountId: string; endpointId?: string }): Promise<{ removed: number }> {
  const [account] = await db.select({ id: accounts.id }).from(accounts).where(eq(accounts.id, input.accountId));
  if (!account) throw new AppError("not_found", "No such account.");
  const removed = await db
    .delete(webhookEndpoints)
    .where(and(eq(webhookEndpoints.accountId, input.accountId), input.endpointId ? eq(webhookEndpoints.id, input.endpointId) : undefined))
    .returning({ id: webhookEndpoints.id });
  if (input.endpointId && removed.length === 0) throw new AppError("not_found", "No such webhook endpoint on this account.");
  return { removed: removed.length };
}
