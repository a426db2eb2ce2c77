/**
 * Debits media credits for one charged item. Safe under any concurrency:
 * - the ledger row carries a unique charge key, so a second debit of the same item finds
 *   the first one instead of charging again;
 * - the balance update is conditional (balance >= amount), so it never goes below 0,
 *   with the table's CHECK constraint as a backstop.
 * Both happen in one statement, which takes the account's row lock before the ledger
 * row's foreign-key check (inserting first made concurrent debits of one account build
 * multixact locks: measured about 2x slower, bench/findings.md). A short balance must
 * undo the ledger row: inside a caller's transaction the AppError rolls it back with
 * whatever else the caller wrote; called outside one, the debit opens its own.
 * The same statement says whether this debit took the balance under one of the account's
 * thresholds (the low-balance mail, auto top-up): a crossing happens once, on the debit
 * that crosses, and the caller announces it (announce-crossing.ts).
 */
import "server-only";
import { is, sql } from "drizzle-orm";
import { PgTransaction } from "drizzle-orm/pg-core";
import type { Tx } from "@/db/client";
import { AppError } from "@/server/errors";

export interface DebitInput {
  accountId: string;
  amount: number;
  chargeKey: string;
  jobId: string;
  operation: string;
}

/** Which thresholds a debit crossed: the balance was at or above it before and is under it now. */
export interface Crossing {
  balance: number;
  lowBalance: boolean;
  topUp: boolean;
}

export type DebitResult = { entryId: number; alreadyCharged: boolean; crossing: Crossing | null };

export async function debitCredits(db: Tx, input: DebitInput): Promise<DebitResult> {
  if (!Number.isInteger(input.amount) || input.amount <= 0) throw new Error("A debit must be a positive integer.");
  // drizzle's is() compares entity kinds, not classes: a bundler may hold two copies of
  // drizzle, and an instanceof that fails there would nest savepoints without end.
  return is(db, PgTransaction) ? debitInTransaction(db, input) : db.transaction((tx) => debitInTransaction(tx, input));
}

async function debitInTransaction(db: Tx, input: DebitInput): Promise<DebitResult> {
  const [outcome] = await db.execute<{
    inserted_id: number | null;
    balance: number | null;
    low_balance_threshold: number | null;
    top_up_threshold: number | null;
  }>(sql`
    with inserted as (
      insert into v1.credit_ledger (account_id, kind, amount, charge_key, job_id, operation)
      values (${input.accountId}, 'debit', ${-input.amount}, ${input.chargeKey}, ${input.jobId}, ${input.operation})
      on conflict (charge_key) where kind = 'debit' do nothing
      returning id
    ), charged as (
      update v1.accounts set credit_balance = credit_balance - ${input.amount}, updated_at = now()
      where id = ${input.accountId} and credit_balance >= ${input.amount} and exists (select 1 from inserted)
      returning credit_balance, low_balance_threshold, top_up_threshold
    )
    select (select id from inserted) as inserted_id, (select credit_balance from charged) as balance,
      (select low_balance_threshold from charged) as low_balance_threshold, (select top_up_threshold from charged) as top_up_threshold`);
  if (outcome.inserted_id === null) {
    const [existing] = await db.execute<{ id: number }>(
      sql`select id from v1.credit_ledger where kind = 'debit' and charge_key = ${input.chargeKey}`,
    );
    return { entryId: Number(existing.id), alreadyCharged: true, crossing: null };
  }
  if (outcome.balance === null) throw new AppError("insufficient_credits");
  const balance = Number(outcome.balance);
  const crossed = (threshold: number | null) => threshold !== null && balance < threshold && balance + input.amount >= threshold;
  const lowBalance = crossed(outcome.low_balance_threshold);
  const topUp = crossed(outcome.top_up_threshold);
  return {
    entryId: Number(outcome.inserted_id),
    alreadyCharged: false,
    crossing: lowBalance || topUp ? { balance, lowBalance, topUp } : null,
  };
}
