/**
 * Grants credits that were paid for (a Stripe invoice, a credit pack, an auto top-up),
 * once per grant key: the key is unique in the ledger, so a duplicate or retried event
 * finds the first grant and changes nothing. The account's row is locked first, as
 * debits lock it, so concurrent grants and debits queue on one lock.
 */
import "server-only";
import { is, sql } from "drizzle-orm";
import { PgTransaction } from "drizzle-orm/pg-core";
import type { Tx } from "@/db/client";
import type { CreditSource } from "@/db/schema";
import { AppError } from "@/server/errors";

export interface PaidGrant {
  accountId: string;
  amount: number;
  grantKey: string;
  source: CreditSource;
  note?: string;
}

export async function grantPaidCredits(db: Tx, input: PaidGrant): Promise<{ applied: boolean; balance: number }> {
  if (!Number.isInteger(input.amount) || input.amount <= 0) throw new Error("A paid grant must be a positive integer.");
  const grant = async (tx: Tx) => {
    const [account] = await tx.execute<{ credit_balance: number }>(
      sql`select credit_balance from v1.accounts where id = ${input.accountId} for update`,
    );
    if (!account) throw new AppError("not_found", "No such account.");
    const inserted = await tx.execute(sql`
      insert into v1.credit_ledger (account_id, kind, amount, grant_key, source, note)
      values (${input.accountId}, 'grant', ${input.amount}, ${input.grantKey}, ${input.source}, ${input.note ?? null})
      on conflict (grant_key) do nothing
      returning id`);
    if (inserted.length === 0) return { applied: false, balance: Number(account.credit_balance) };
    const [updated] = await tx.execute<{ credit_balance: number }>(sql`
      update v1.accounts set credit_balance = credit_balance + ${input.amount}, updated_at = now()
      where id = ${input.accountId} returning credit_balance`);
    return { applied: true, balance: Number(updated.credit_balance) };
  };
  return is(db, PgTransaction) ? grant(db) : db.transaction(grant);
}
