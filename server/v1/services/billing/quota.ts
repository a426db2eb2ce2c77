/**
 * Quota units per UTC calendar month (D3). Consuming is one conditional upsert, so
 * concurrent generation requests can never push a month past the account's quota.
 */
import "server-only";
import { sql } from "drizzle-orm";
import type { Tx } from "@/db/client";
import { AppError } from "@/server/errors";

export function quotaMonth(now: Date): string {
  return now.toISOString().slice(0, 7);
}

export async function consumeQuota(db: Tx, input: { accountId: string; quota: number; now: Date }): Promise<void> {
  if (input.quota <= 0) throw new AppError("quota_exceeded");
  const rows = await db.execute(sql`
    insert into v1.quota_usage (account_id, month, units) values (${input.accountId}, ${quotaMonth(input.now)}, 1)
    on conflict (account_id, month) do update set units = v1.quota_usage.units + 1
    where v1.quota_usage.units < ${input.quota}
    returning units`);
  if (rows.length === 0) throw new AppError("quota_exceeded");
}

export async function readQuotaUsage(db: Tx, input: { accountId: string; now: Date }): Promise<{ month: number; total: number }> {
  const [row] = await db.execute<{ month: number | null; total: number | null }>(sql`
    select coalesce(sum(units) filter (where month = ${quotaMonth(input.now)}), 0)::int as month,
           coalesce(sum(units), 0)::int as total
    from v1.quota_usage where account_id = ${input.accountId}`);
  return { month: Number(row?.month ?? 0), total: Number(row?.total ?? 0) };
}
