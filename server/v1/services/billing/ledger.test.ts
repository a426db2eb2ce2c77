import { eq, sql } from "drizzle-orm";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { getDb } from "@/db/client";
import { accounts } from "@/db/schema";
import { AppError } from "@/server/errors";
import { makeAccount } from "@/test/fixtures";
import { debitCredits } from "./debit-credits";
import { grantCredits } from "./grant-credits";
import { refundCredits } from "./refund-credits";

async function balanceAndLedger(accountId: string) {
  const db = await getDb();
  const [account] = await db.select().from(accounts).where(eq(accounts.id, accountId));
  const [sum] = await db.execute<{ total: number }>(
    sql`select coalesce(sum(amount), 0)::int as total from v1.credit_ledger where account_id = ${accountId}`,
  );
  return { balance: account.creditBalance, ledger: Number(sum.total) };
}

describe("credit ledger", () => {
  it("lets exactly k of k+5 concurrent debits through a balance of k", async () => {
    const k = 12;
    const { accountId } = await makeAccount({ credits: k });
    const db = await getDb();
    const attempts = Array.from({ length: k + 5 }, (_, i) =>
      db.transaction((tx) =>
        debitCredits(tx, { accountId, amount: 1, chargeKey: `test:${accountId}:${i}`, jobId: `job-${i}`, operation: "test" }),
      ),
    );
    const outcomes = await Promise.allSettled(attempts);
    const ok = outcomes.filter((o) => o.status === "fulfilled");
    const refused = outcomes.filter((o) => o.status === "rejected") as PromiseRejectedResult[];
    expect(ok).toHaveLength(k);
    expect(refused).toHaveLength(5);
    for (const r of refused) expect((r.reason as AppError).code).toBe("insufficient_credits");
    expect(await balanceAndLedger(accountId)).toEqual({ balance: 0, ledger: 0 });
  });

  it("never debits the same charge key twice, even concurrently", async () => {
    const { accountId } = await makeAccount({ credits: 50 });
    const db = await getDb();
    const results = await Promise.all(
      Array.from({ length: 8 }, () =>
        db.transaction((tx) => debitCredits(tx, { accountId, amount: 6, chargeKey: `once:${accountId}`, jobId: "j", operation: "test" })),
      ),
    );
    expect(results.filter((r) => !r.alreadyCharged)).toHaveLength(1);
    expect((await balanceAndLedger(accountId)).balance).toBe(44);
  });

  it("refunds a debit once however often the failure handler runs", async () => {
    const { accountId } = await makeAccount({ credits: 10 });
    const db = await getDb();
    await debitCredits(db, { accountId, amount: 2, chargeKey: `r:${accountId}`, jobId: "j", operation: "upscale" });
    const runs = await Promise.all([1, 2, 3].map(() => db.transaction((tx) => refundCredits(tx, { chargeKey: `r:${accountId}` }))));
    expect(runs.filter((r) => r.refunded)).toHaveLength(1);
    expect(await balanceAndLedger(accountId)).toEqual({ balance: 10, ledger: 10 });
    expect((await refundCredits(db, { chargeKey: "never-debited" })).refunded).toBe(false);
  });

  it("keeps balance = sum of ledger, never negative, over random operation sequences", async () => {
    const db = await getDb();
    const operation = fc.oneof(
      fc.record({ kind: fc.constant("grant" as const), amount: fc.integer({ min: -20, max: 30 }).filter((n) => n !== 0) }),
      fc.record({ kind: fc.constant("debit" as const), amount: fc.integer({ min: 1, max: 27 }), item: fc.integer({ min: 0, max: 6 }) }),
      fc.record({ kind: fc.constant("refund" as const), item: fc.integer({ min: 0, max: 6 }) }),
      fc.record({ kind: fc.constant("failing" as const), amount: fc.integer({ min: 1, max: 10 }), item: fc.integer({ min: 0, max: 6 }) }),
    );
    await fc.assert(
      fc.asyncProperty(fc.array(operation, { maxLength: 25 }), async (ops) => {
        const { accountId } = await makeAccount({ credits: 0 });
        for (const op of ops) {
          const key = (item: number) => `p:${accountId}:${item}`;
          try {
            if (op.kind === "grant") await grantCredits(db, { accountId, amount: op.amount });
            if (op.kind === "debit")
              await db.transaction((tx) =>
                debitCredits(tx, { accountId, amount: op.amount, chargeKey: key(op.item), jobId: "j", operation: "t" }),
              );
            if (op.kind === "refund") await db.transaction((tx) => refundCredits(tx, { chargeKey: key(op.item) }));
            if (op.kind === "failing") {
              // A debit whose surrounding transaction fails must leave no trace.
              await db.transaction(async (tx) => {
                await debitCredits(tx, {
                  accountId,
                  amount: op.amount,
                  chargeKey: `f:${accountId}:${op.item}`,
                  jobId: "j",
                  operation: "t",
                });
                throw new AppError("internal_error");
              });
            }
          } catch (error) {
            if (!(error instanceof AppError)) throw error;
          }
          const { balance, ledger } = await balanceAndLedger(accountId);
          expect(balance).toBe(ledger);
          expect(balance).toBeGreaterThanOrEqual(0);
        }
      }),
      { numRuns: 25 },
    );
  });
});
