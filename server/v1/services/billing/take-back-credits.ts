/**
 * Takes back credits that were paid for and refunded: as many as asked, up to the balance
 * (credits already spent stay spent; the balance never goes below 0), once per key. The
 * ledger row records what was actually removed, 0 included, so a duplicate of the refund
 * arriving after new credits came in takes nothing more.
 */
import "server-only";
import { is, sql } from "drizzle-orm";
import { PgTransaction } from "drizzle-orm/pg-core";
import type { Tx } from "@/db/client";
import type { CreditSource } from "@/db/schema";
import { AppError } from "@/server/errors";

export async function takeBackCredits(
  db: Tx,
  input: { accountId: string; amount: number; grantKey: string; source: CreditSource; note?: string },
): Promise<{ applied: boolean; removed: number; balance: number }> {
  if (!Number.isInteger(input.amount) || input.amount <= 0) throw new Error("A take-back must be a positive integer.");
  const takeBack = async (tx: Tx) => {
    const [account] = await tx.execute<{ credit_balance: number }>(
      sql`select credit_balance from v1.accounts where id = ${input.accountId} for update`,
    );
    if (!account) throw new AppError("not_found", "No such account.");
    const balance = Number(account.credit_balance);
    const removed = Math.min(input.amount, balance);
    const inserted = await tx.execute(sql`
      insert into v1.credit_ledger (account_id, kind, amount, grant_key, source, note)
      values (${input.accountId}, 'grant', ${-removed}, ${input.grantKey}, ${input.source}, ${input.note ?? null})
      on conflict (grant_key) do nothing
      returning id`);
    if (inserted.length === 0) return { applied: false, removed: 0, balance };
    if (removed > 0)
      await tx.execute(
        sql`update v1.accounts set credit_balance = credit_balance - ${removed}, updated_at = now() where id = ${input.accountId}`,
      );
    return { applied: true, removed, balance: balance - removed };
  };
  return is(db, PgTransaction) ? takeBack(db) : db.transaction(takeBack);
}
