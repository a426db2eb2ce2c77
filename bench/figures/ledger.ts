/**
 * Figure 4: the credit ledger under 32-way concurrency, on its hottest case (one
 * account). Throughput: debitCredits in a transaction (as acceptGeneration runs it)
 * against the raw limit of the same row, a transaction with a bare balance UPDATE.
 * Correctness: a balance smaller than the demand, every charge key sent twice in a
 * shuffled order; then negative balances, double debits and balance ≠ ledger sum are
 * counted from the tables.
 */
import crypto from "node:crypto";
import { drizzle } from "drizzle-orm/postgres-js";
import postgres from "postgres";
import { databaseUrl } from "@/db/client";
import * as schema from "@/db/schema";
import { AppError } from "@/server/errors";
import { debitCredits } from "@/server/v1/services/billing/debit-credits";
import type { Figure } from "../lib/report";
import { benchAccount } from "../lib/stack";
import { fixed, ratio, times } from "../lib/stats";
import type { Database } from "@/db/client";

const WORKERS = 32;
const SECONDS = 4;
const WARMUP_SECONDS = 1;
const BALANCE = 2000;
const DISTINCT_CHARGES = 3000;

async function closedLoop(seconds: number, work: (worker: number) => Promise<unknown>): Promise<number> {
  const end = performance.now() + seconds * 1000;
  let done = 0;
  await Promise.all(
    Array.from({ length: WORKERS }, async (_, worker) => {
      while (performance.now() < end) {
        await work(worker);
        done++;
      }
    }),
  );
  return done / seconds;
}

function shuffled<T>(items: T[]): T[] {
  for (let i = items.length - 1; i > 0; i--) {
    const j = crypto.randomInt(i + 1);
    [items[i], items[j]] = [items[j], items[i]];
  }
  return items;
}

export async function ledgerThroughput(appDb: Database): Promise<Figure> {
  const sql = postgres(databaseUrl(), { max: WORKERS, onnotice: () => {} });
  const db = drizzle(sql, { schema });
  try {
    const rates = [];
    for (const scenario of ["one account", "32 accounts"] as const) {
      const accounts = async (name: string) => {
        const made = await Promise.all(
          Array.from({ length: scenario === "one account" ? 1 : WORKERS }, (_, i) =>
            benchAccount(appDb, `${name}-${scenario === "one account" ? "hot" : "spread"}-${i}`),
          ),
        );
        return (worker: number) => made[worker % made.length].accountId;
      };
      const [debitAccount, updateAccount] = [await accounts("ledger-debit"), await accounts("ledger-update")];
      const debit = (worker: number) =>
        db.transaction((tx) =>
          debitCredits(tx, {
            accountId: debitAccount(worker),
            amount: 1,
            chargeKey: `bench:${crypto.randomUUID()}`,
            jobId: "bench",
            operation: "bench",
          }),
        );
      const bareUpdate = (worker: number) =>
        sql.begin(
          (tx) => tx`update v1.accounts set credit_balance = credit_balance - 1, updated_at = now() where id = ${updateAccount(worker)}`,
        );
      await closedLoop(WARMUP_SECONDS, bareUpdate);
      await closedLoop(WARMUP_SECONDS, debit);
      rates.push({ scenario, baseline: await closedLoop(SECONDS, bareUpdate), atrium: await closedLoop(SECONDS, debit) });
    }

    const scarce = await benchAccount(appDb, "ledger-scarce", BALANCE);
    const keys = Array.from({ length: DISTINCT_CHARGES }, (_, i) => `scarce:${i}`);
    const attempts = shuffled([...keys, ...keys]);
    const outcome = { charged: 0, alreadyCharged: 0, refused: 0 };
    await Promise.all(
      Array.from({ length: WORKERS }, async () => {
        for (let key = attempts.pop(); key; key = attempts.pop()) {
          try {
            const result = await db.transaction((tx) =>
              debitCredits(tx, { accountId: scarce.accountId, amount: 1, chargeKey: key, jobId: key, operation: "bench" }),
            );
            outcome[result.alreadyCharged ? "alreadyCharged" : "charged"]++;
          } catch (error) {
            if (!(error instanceof AppError && error.code === "insufficient_credits")) throw error;
            outcome.refused++;
          }
        }
      }),
    );

    const anomalies = await countAnomalies(sql);
    const lost = outcome.charged === BALANCE ? 0 : Math.abs(outcome.charged - BALANCE);
    const totalAnomalies = anomalies.negative + anomalies.doubleDebits + anomalies.ledgerMismatch + lost;
    return {
      id: 4,
      title: "Credit ledger: debits per second under 32-way concurrency, and anomalies",
      method: `${WORKERS} concurrent workers on one postgres.js pool of ${WORKERS}, ${SECONDS} s each after ${WARMUP_SECONDS} s warm-up: all on one account (every debit waits for the previous one's row lock), then one account per worker. Every account of the figure is checked for anomalies afterwards. Anomaly run: balance ${BALANCE}, ${DISTINCT_CHARGES} charge keys each sent twice, shuffled.`,
      columns: ["measure", "baseline (bare UPDATE in a transaction)", "Atrium (debitCredits in a transaction)", "ratio"],
      rows: [
        ...rates.map((r) => [
          `debits per second, ${r.scenario}`,
          fixed(r.baseline, 0),
          fixed(r.atrium, 0),
          times(ratio(r.atrium, r.baseline)),
        ]),
        [
          "anomaly run: charged / already charged / refused",
          "—",
          `${outcome.charged} / ${outcome.alreadyCharged} / ${outcome.refused}`,
          "—",
        ],
        [
          "negative balances / double debits / balance ≠ ledger sum / lost or extra debits",
          "—",
          `${anomalies.negative} / ${anomalies.doubleDebits} / ${anomalies.ledgerMismatch} / ${lost}`,
          "—",
        ],
      ],
      targets: [
        ...rates.map((r) => ({ name: `≥ 500 debits/s, ${r.scenario}`, met: r.atrium >= 500, detail: `${fixed(r.atrium, 0)} debits/s` })),
        { name: "0 anomalies", met: totalAnomalies === 0, detail: String(totalAnomalies) },
      ],
      notes: [],
    };
  } finally {
    await sql.end({ timeout: 5 });
  }
}

/** Over the ledger accounts of this figure; the bare-UPDATE accounts have no ledger to agree with. */
async function countAnomalies(sql: postgres.Sql) {
  const ledgerAccounts = sql`select id from v1.accounts where name like 'ledger-debit-%' or name = 'ledger-scarce'`;
  const [negative] = await sql<{ n: number }[]>`select count(*)::int as n from v1.accounts where credit_balance < 0`;
  const [doubled] = await sql<{ n: number }[]>`
    select count(*)::int as n from (select charge_key from v1.credit_ledger where kind = 'debit' group by charge_key having count(*) > 1) d`;
  const [mismatch] = await sql<{ n: number }[]>`
    select count(*)::int as n from v1.accounts a
    where a.id in (${ledgerAccounts}) and a.credit_balance <> (select coalesce(sum(amount), 0) from v1.credit_ledger l where l.account_id = a.id)`;
  return { negative: negative.n, doubleDebits: doubled.n, ledgerMismatch: mismatch.n };
}
