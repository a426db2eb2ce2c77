/**
 * Adds (or with a negative amount removes) credits by an administrator. A removal
 * larger than the balance is refused rather than clipped, so the ledger stays exact.
 * `source` names who granted them for the workspace's usage history (operator by default).
 */
import "server-only";
import { sql } from "drizzle-orm";
import type { Tx } from "@/db/client";
import type { CreditSource } from "@/db/schema";
import { AppError } from "@/server/errors";

export async function grantCredits(
  db: Tx,
  input: { accountId: string; amount: number; note?: string; source?: CreditSource },
): Promise<{ balance: number }> {
  if (!Number.isInteger(input.amount) || input.amount === 0)
    throw new AppError("invalid_request", "The amount must be a non-zero integer.");
  const updated = await db.execute<{ credit_balance: number }>(sql`
    update v1.accounts set credit_balance = credit_balance + ${input.amount}, updated_at = now()
    where id = ${input.accountId} and credit_balance + ${input.amount} >= 0
    returning credit_balance`);
  if (updated.length === 0) {
    const exists = await db.execute(sql`select 1 from v1.accounts where id = ${input.accountId}`);
    if (exists.length === 0) throw new AppError("not_found", "No such account.");
    throw new AppError("insufficient_credits", "The balance is smaller than the amount to remove.");
  }
  await db.execute(sql`
    insert into v1.credit_ledger (account_id, kind, amount, note, source)
    values (${input.accountId}, 'grant', ${input.amount}, ${input.note ?? null}, ${input.source ?? "operator"})`);
  return { balance: Number(updated[0].credit_balance) };
}
