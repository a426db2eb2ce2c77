import postgres from "postgres";
import { embeddedUrl } from "../../db/embedded";

/**
 * A connection to the database the app under test uses (DATABASE_URL, else the embedded
 * server the app started), for specs that must see what was stored or charged, not just
 * what a page shows.
 */
export function appDatabase() {
  const url = process.env.DATABASE_URL ?? embeddedUrl({ dataDir: "", port: Number(process.env.EMBEDDED_PG_PORT ?? 54329) });
  return postgres(url, { max: 1, onnotice: () => {} });
}

/** What a workspace's v1 account was charged and still holds, from the service's ledger. */
export async function workspaceCredits(sql: postgres.Sql, workspaceSlug: string) {
  const [account] = await sql<{ granted: number; balance: number; debits: number; charged: number; units: number }[]>`
    select (select coalesce(sum(l.amount), 0)::int from v1.credit_ledger l where l.account_id = a.id and l.kind = 'grant') as granted,
      a.credit_balance as balance,
      (select count(*)::int from v1.credit_ledger l where l.account_id = a.id and l.kind = 'debit') as debits,
      (select coalesce(-sum(l.amount), 0)::int from v1.credit_ledger l where l.account_id = a.id and l.kind in ('debit', 'refund')) as charged,
      (select coalesce(sum(q.units), 0)::int from v1.quota_usage q where q.account_id = a.id) as units
    from studio.workspaces w join v1.accounts a on a.id::text = w.v1_account_id
    where w.slug = ${workspaceSlug}`;
  return account;
}
