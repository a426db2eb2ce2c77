/**
 * The account's balance thresholds (debit-credits.ts reports a debit that crosses one):
 * the low-balance mail and auto top-up; null turns one off.
 */
import "server-only";
import { eq } from "drizzle-orm";
import type { Tx } from "@/db/client";
import { accounts } from "@/db/schema";
import { AppError } from "@/server/errors";

export async function setBalanceThresholds(
  db: Tx,
  input: { accountId: string; lowBalance?: number | null; topUp?: number | null },
): Promise<void> {
  for (const value of [input.lowBalance, input.topUp]) {
    if (value !== undefined && value !== null && (!Number.isInteger(value) || value <= 0))
      throw new AppError("invalid_request", "A threshold is a whole number of credits above 0.");
  }
  const changes = {
    ...(input.lowBalance !== undefined ? { lowBalanceThreshold: input.lowBalance } : {}),
    ...(input.topUp !== undefined ? { topUpThreshold: input.topUp } : {}),
  };
  if (Object.keys(changes).length === 0) return;
  const updated = await db
    .update(accounts)
    .set({ ...changes, updatedAt: new Date() })
    .where(eq(accounts.id, input.accountId))
    .returning({ id: accounts.id });
  if (updated.length === 0) throw new AppError("not_found", "No such account.");
}
