/**
 * Phase 1, crash: start legacy jobs, multi-view sets and videos on four accounts, kill
 * the server with SIGKILL while they run, start it again. The local executor takes the
 * dead process's work back after its lease (LOCAL_EXECUTOR_LEASE_SECONDS); every item
 * must end terminal with its outputs stored, every charge taken once and every failure
 * refunded once, and no executor run may be left running.
 */
import type { SuiteDatabase } from "../lib/database";
import type { Api } from "../lib/api";
import { pollUntil } from "../lib/api";
import { auditAccounts, runningRuns } from "../lib/audit";
import { makeAccounts } from "../lib/accounts";
import type { Images } from "../lib/fixtures";
import type { NextServer } from "../lib/next-server";
import type { PhaseReport } from "../lib/report";
import { durableKind, submit, waitTerminal, type WorkKind } from "../lib/work";

export interface CrashInput {
  server: NextServer;
  database: SuiteDatabase;
  dataDir: string;
  api: Api;
  images: Images;
}

const PER_ACCOUNT: WorkKind[] = ["job", "job-fast", "multiview", "video", "job-fast"];

export async function runCrash(input: CrashInput, report: PhaseReport): Promise<void> {
  const { api, database, images } = input;
  const { sql } = database;
  const accounts = await makeAccounts(
    database.db,
    [0, 1, 2, 3].map((i) => ({ name: `crash ${i}`, plan: "business" as const, credits: 200 })),
  );
  const submitted = (
    await Promise.all(
      accounts.map((account, a) =>
        Promise.all(
          PER_ACCOUNT.map((kind, k) => submit(api, account.apiKey, kind, images, a + k).then((s) => ({ ...s, key: account.apiKey }))),
        ),
      ),
    )
  ).flat();
  report.expectNone(
    "every submission accepted",
    submitted.filter((s) => s.response.status !== 200).map((s) => `${s.kind}: ${s.response.status} ${s.response.text.slice(0, 200)}`),
  );

  // Kill once some work has finished and some is still running in the executor.
  const progress = () =>
    sql<{ done: string; running: string; active: string }[]>`select
      (select count(*) from v1.job_outputs where status <> 'processing') + (select count(*) from v1.render_views where status <> 'processing') as done,
      (select count(*) from v1.job_outputs where status = 'processing') + (select count(*) from v1.render_views where status = 'processing')
        + (select count(*) from v1.media_jobs where status = 'processing') as running,
      (select count(*) from pgboss.job where name = 'executor-work' and state = 'active') as active`.then((rows) => rows[0]);
  const atKill = await pollUntil(progress, (p) => Number(p.done) >= 3 && Number(p.active) > 0, 60_000, 200);
  await input.server.crash();
  report.figure("work items submitted", submitted.length);
  report.figure("at SIGKILL", `${atKill.done} outputs done, ${atKill.running} items processing, ${atKill.active} executor jobs active`);
  report.expect(
    "killed mid-work (items processing and executor jobs active)",
    Number(atKill.running) > 0 && Number(atKill.active) > 0,
    JSON.stringify(atKill),
  );

  const restartedAt = Date.now();
  await input.server.restart();
  const items = submitted.filter((s) => s.id).map((s) => ({ key: s.key, kind: durableKind(s.kind)!, id: s.id! }));
  report.expectNone("every item terminal after the restart", await waitTerminal(api, items, 240_000));
  const stuck = await pollUntil(
    () => runningRuns(sql),
    (runs) => runs.length === 0,
    60_000,
    1000,
  );
  report.expectNone("no executor run left running", stuck);
  report.figure("recovery after restart", `${Math.round((Date.now() - restartedAt) / 1000)} s`);

  const audit = await auditAccounts({ sql, dataDir: input.dataDir, accountIds: accounts.map((a) => a.accountId) });
  report.figure("rows audited", `${audit.items} items, ${audit.outputs} stored outputs, ${audit.debits} debits, ${audit.refunds} refunds`);
  report.expectNone(
    "outputs stored, charged exactly once, refunded once per failure, balances = ledgers, nothing processing",
    audit.anomalies,
  );
}
