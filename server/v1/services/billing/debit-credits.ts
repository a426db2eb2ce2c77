/**
 * Debits media credits for one charged item. Safe under any concurrency:
 * - the ledger row is inserted first with a unique charge key, so a second debit of the
 *   same item finds the first one instead of charging again;
 * - the balance update is conditional (balance >= amount), so it never goes below 0,
 *   with the table's CHECK constraint as a backstop.
 * Call inside a transaction: when the balance is short the AppError rolls back the
 * ledger row together with whatever else the caller wrote.
 */
import { sql } from "drizzle-orm";
import type { Tx } from "@/db/client";
import { AppError } from "@/server/errors";

export interface DebitInput {
  accountId: string;
  amount: number;
  chargeKey: string;
  jobId: string;
  operation: string;
}

export async function debitCredits(db: Tx, input: DebitInput): Promise<{ entryId: number; alreadyCharged: boolean }> {
  if (!Number.isInteger(input.amount) || input.amount <= 0) throw new Error("A debit must be a positive integer.");
  const inserted = await db.execute<{ id: number }>(sql`
    insert into v1.credit_ledger (account_id, kind, amount, charge_key, job_id, operation)
    values (${input.accountId}, 'debit', ${-input.amount}, ${input.chargeKey}, ${input.jobId}, ${input.operation})
    on conflict (charge_key) where kind = 'debit' do nothing
    returning id`);
  if (inserted.length === 0) {
    const [existing] = await db.execute<{ id: number }>(
      sql`select id from v1.credit_ledger where kind = 'debit' and charge_key = ${input.chargeKey}`,
    );
    return { entryId: Number(existing.id), alreadyCharged: true };
  }
  const updated = await db.execute(sql`
    update v1.accounts set credit_balance = credit_balance - ${input.amount}, updated_at = now()
    where id = ${input.accountId} and credit_balance >= ${input.amount}
    returning credit_balance`);
  if (updated.length === 0) throw new AppError("insufficient_credits");
  return { entryId: Number(inserted[0].id), alreadyCharged: false };
}
