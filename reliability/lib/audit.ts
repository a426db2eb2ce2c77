/**
 * The money-and-work invariants every phase ends with, read straight from the
 * database and the blob folder of one app server:
 * - every balance equals its ledger's sum and is not negative;
 * - every charged item has exactly one debit, no debit is orphaned, no debit is refunded twice;
 * - a failed charged item has exactly one refund, a completed one none (D4);
 * - quota units equal the accepted generation requests (D3: refusals count nothing);
 * - nothing is left processing, no executor run is left running;
 * - every completed output is a stored, decodable file.
 */
import fs from "node:fs";
import path from "node:path";
import sharp from "sharp";
import type postgres from "postgres";

export interface AuditOptions {
  sql: postgres.Sql;
  dataDir: string;
  accountIds: string[];
  /** False while work may still be running (e.g. the load phase's last requests). */
  expectSettled?: boolean;
}

export interface AuditReport {
  anomalies: string[];
  items: number;
  debits: number;
  refunds: number;
  outputs: number;
}

export async function auditAccounts(options: AuditOptions): Promise<AuditReport> {
  const { sql, accountIds } = options;
  const anomalies: string[] = [];
  const report: AuditReport = { anomalies, items: 0, debits: 0, refunds: 0, outputs: 0 };
  if (accountIds.length === 0) return report;

  const balances = await sql<{ id: string; balance: number; sum: string | null }[]>`
    select a.id, a.credit_balance as balance, (select sum(amount) from v1.credit_ledger l where l.account_id = a.id) as sum
    from v1.accounts a where a.id in ${sql(accountIds)}`;
  for (const row of balances) {
    if (row.balance !== Number(row.sum ?? 0)) anomalies.push(`account ${row.id}: balance ${row.balance} but ledger sums to ${row.sum}`);
    if (row.balance < 0) anomalies.push(`account ${row.id}: negative balance ${row.balance}`);
  }

  const ledger = await sql<{ id: string; kind: string; charge_key: string | null; refund_of: string | null }[]>`
    select id, kind, charge_key, refund_of from v1.credit_ledger where account_id in ${sql(accountIds)} and kind <> 'grant'`;
  const debitsByKey = new Map<string, string[]>();
  const refundsByDebit = new Map<string, number>();
  for (const entry of ledger) {
    if (entry.kind === "debit") debitsByKey.set(entry.charge_key!, [...(debitsByKey.get(entry.charge_key!) ?? []), entry.id]);
    else refundsByDebit.set(entry.refund_of!, (refundsByDebit.get(entry.refund_of!) ?? 0) + 1);
  }
  report.debits = ledger.filter((e) => e.kind === "debit").length;
  report.refunds = ledger.length - report.debits;
  for (const [debit, count] of refundsByDebit) if (count > 1) anomalies.push(`debit ${debit} refunded ${count} times`);

  // Each charged item, its charge key, and whether it must have been refunded.
  const charged = new Map<string, { item: string; refunded: boolean }>();
  const media = await sql<{ id: string; kind: string; status: string; credits_charged: number | null; output_keys: string[] }[]>`
    select id, kind, status, credits_charged, output_keys from v1.media_jobs where account_id in ${sql(accountIds)}`;
  for (const job of media) {
    charged.set(`${job.kind}:${job.id}`, { item: `${job.kind} ${job.id} (${job.status})`, refunded: job.status === "failed" });
    if (job.status === "failed" && job.credits_charged !== 0)
      anomalies.push(`${job.kind} ${job.id}: failed but credits_charged ${job.credits_charged}`);
    // A property description is text in the row; the other kinds store files (a video's keys also name its stills).
    if (job.status === "completed" && job.kind !== "property_description") {
      await checkFiles(
        options,
        job.kind === "video" ? job.output_keys.filter((k) => k.endsWith(".mp4")) : job.output_keys,
        `${job.kind} ${job.id}`,
        report,
      );
    }
  }
  const views = await sql<
    { id: string; view_index: number; status: string; charged: boolean; attempts: number; output_key: string | null }[]
  >`
    select v.id, v.view_index, v.status, v.charged, v.attempts, v.output_key from v1.render_views v join v1.render_sets s on s.id = v.set_id
    where s.account_id in ${sql(accountIds)}`;
  for (const view of views) {
    const key = view.view_index === 0 ? `multiview:anchor:${view.id}` : `multiview:sibling:${view.id}`;
    if (view.charged)
      charged.set(key, { item: `view ${view.id} (${view.status})`, refunded: view.status === "failed" && view.attempts === 1 });
    if (view.status === "completed" && view.output_key) await checkFiles(options, [view.output_key], `view ${view.id}`, report);
  }
  const outputs = await sql<{ id: string; status: string; output_key: string | null }[]>`
    select o.id, o.status, o.output_key from v1.job_outputs o join v1.job_groups g on g.id = o.group_id where g.account_id in ${sql(accountIds)}`;
  for (const output of outputs) {
    if (output.status === "completed")
      await checkFiles(options, output.output_key ? [output.output_key] : [], `job output ${output.id}`, report);
  }
  report.items = media.length + views.length + outputs.length;

  for (const [key, { item, refunded }] of charged) {
    const debits = debitsByKey.get(key) ?? [];
    if (debits.length !== 1) {
      anomalies.push(`${item}: ${debits.length} debits`);
      continue;
    }
    const refunds = refundsByDebit.get(debits[0]) ?? 0;
    if (options.expectSettled !== false && refunds !== (refunded ? 1 : 0))
      anomalies.push(`${item}: ${refunds} refunds, expected ${refunded ? 1 : 0}`);
  }
  for (const key of debitsByKey.keys()) if (!charged.has(key)) anomalies.push(`debit ${key} charges no item`);

  const accepted = await sql<{ id: string; accepted: string; units: string | null }[]>`
    select a.id,
      (select count(*) from v1.job_groups g where g.account_id = a.id) + (select count(*) from v1.media_jobs m where m.account_id = a.id)
        + (select count(*) from v1.render_sets s where s.account_id = a.id) as accepted,
      (select sum(units) from v1.quota_usage q where q.account_id = a.id) as units
    from v1.accounts a where a.id in ${sql(accountIds)}`;
  for (const row of accepted) {
    if (Number(row.accepted) !== Number(row.units ?? 0))
      anomalies.push(`account ${row.id}: ${row.accepted} accepted requests but ${row.units ?? 0} quota units`);
  }

  if (options.expectSettled !== false) {
    const stuck = await sql<{ what: string; id: string }[]>`
      select 'job output' as what, o.id::text from v1.job_outputs o join v1.job_groups g on g.id = o.group_id where g.account_id in ${sql(accountIds)} and o.status = 'processing'
      union all select 'job group', id::text from v1.job_groups where account_id in ${sql(accountIds)} and status = 'processing'
      union all select kind, id::text from v1.media_jobs where account_id in ${sql(accountIds)} and status = 'processing'
      union all select 'render set', id::text from v1.render_sets where account_id in ${sql(accountIds)} and status = 'processing'
      union all select 'view', v.id::text from v1.render_views v join v1.render_sets s on s.id = v.set_id where s.account_id in ${sql(accountIds)} and v.status = 'processing'`;
    for (const row of stuck) anomalies.push(`${row.what} ${row.id} still processing`);
  }
  return report;
}

/** Executor runs still running (after the suite waited for them to end). */
export async function runningRuns(sql: postgres.Sql): Promise<string[]> {
  const rows = await sql<{ id: string; function_id: string }[]>`select id, function_id from executor.runs where status = 'running'`;
  return rows.map((r) => `run ${r.id} (${r.function_id}) still running`);
}

async function checkFiles(options: AuditOptions, keys: string[], item: string, report: AuditReport): Promise<void> {
  if (keys.length === 0 && options.expectSettled !== false) report.anomalies.push(`${item}: completed without a stored output`);
  for (const key of keys) {
    report.outputs++;
    const file = path.join(options.dataDir, "blobs", key);
    if (!fs.existsSync(file)) {
      report.anomalies.push(`${item}: output ${key} is not stored`);
      continue;
    }
    const bytes = fs.readFileSync(file);
    const usable = key.endsWith(".mp4")
      ? bytes.subarray(4, 8).toString("latin1") === "ftyp"
      : await sharp(bytes)
          .metadata()
          .then(
            () => true,
            () => false,
          );
    if (!usable) report.anomalies.push(`${item}: output ${key} is not a decodable ${key.endsWith(".mp4") ? "video" : "image"}`);
  }
}
