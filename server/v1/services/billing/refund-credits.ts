/**
 * Writes the compensating refund of a debit, once: the refund row references the debit
 * through a unique column, so a failure handler that runs twice refunds once.
 * Returns whether this call wrote the refund, and false when nothing was debited.
 */
import "server-only";
import { sql } from "drizzle-orm";
import type { Tx } from "@/db/client";

export async function refundCredits(db: Tx, input: { chargeKey: string; note?: string }): Promise<{ refunded: boolean }> {
  const [debit] = await db.execute<{ id: number; account_id: string; amount: number; job_id: string; operation: string }>(
    sql`select id, account_id, amount, job_id, operation from v1.credit_ledger where kind = 'debit' and charge_key = ${input.chargeKey}`,
  );
  if (!debit) return { refunded: false };
  const inserted = await db.execute(sql`
    insert into v1.credit_ledger (account_id, kind, amount, refund_of, job_id, operation, note)
    values (${debit.account_id}, 'refund', ${-debit.amount}, ${debit.id}, ${debit.job_id}, ${debit.operation}, ${input.note ?? null})
    on conflict (refund_of) do nothing
    returning id`);
  if (inserted.length === 0) return { refunded: false };
  await db.execute(
    sql`update v1.accounts set credit_balance = credit_balance + ${-debit.amount}, updated_at = now() where id = ${debit.account_id}`,
  );
  return { refunded: true };
}
