/**
 * Phase 6, isolation (BOLA): account A makes one resource of every kind (legacy job
 * group, multi-view set and its views, video, synchronous media jobs); account B names
 * each of them on every route that takes an id — including the routes of other kinds —
 * and must get 404 every time, with neither account's rows, ledger or quota changed.
 * B's listing never shows A's ids, and B reusing A's Idempotency-Key never replays A's answer.
 */
import type { SuiteDatabase } from "../lib/database";
import type { Api } from "../lib/api";
import { makeAccounts } from "../lib/accounts";
import type { Images } from "../lib/fixtures";
import type { PhaseReport } from "../lib/report";
import { readState, submit, waitTerminal } from "../lib/work";
import type postgres from "postgres";

export interface IsolationInput {
  database: SuiteDatabase;
  api: Api;
  images: Images;
}

/** Everything stored about an account that a request could change. */
async function snapshot(sql: postgres.Sql, accountId: string): Promise<string> {
  const [row] = await sql`select
    (select json_agg(l order by l.id) from (select id, kind, amount, charge_key, refund_of from v1.credit_ledger where account_id = ${accountId}) l) as ledger,
    (select credit_balance from v1.accounts where id = ${accountId}) as balance,
    (select json_agg(q) from v1.quota_usage q where account_id = ${accountId}) as quota,
    (select json_agg(g order by g.id) from (select id, status, updated_at from v1.job_groups where account_id = ${accountId}) g) as groups,
    (select json_agg(o order by o.id) from (select o.id, o.status, o.output_key from v1.job_outputs o join v1.job_groups g on g.id = o.group_id where g.account_id = ${accountId}) o) as outputs,
    (select json_agg(m order by m.id) from (select id, status, updated_at, output_keys from v1.media_jobs where account_id = ${accountId}) m) as media,
    (select json_agg(s order by s.id) from (select id, status, updated_at from v1.render_sets where account_id = ${accountId}) s) as sets,
    (select json_agg(v order by v.id) from (select v.id, v.status, v.attempts, v.output_key, v.updated_at from v1.render_views v join v1.render_sets s on s.id = v.set_id where s.account_id = ${accountId}) v) as views,
    (select json_agg(k order by k.key) from (select key, state from v1.idempotency_keys where account_id = ${accountId}) k) as idempotency`;
  return JSON.stringify(row);
}

export async function runIsolation(input: IsolationInput, report: PhaseReport): Promise<void> {
  const { api, database, images } = input;
  const { sql } = database;
  const [a, b] = await makeAccounts(database.db, [
    { name: "isolation A", plan: "business", credits: 100 },
    { name: "isolation B", plan: "business", credits: 100 },
  ]);
  const idemJob = { "idempotency-key": "shared-key-job" };
  const idemUpscale = { "idempotency-key": "shared-key-upscale" };
  const [job, set, video, upscale] = await Promise.all([
    submit(api, a.apiKey, "job-fast", images, 0, idemJob),
    submit(api, a.apiKey, "multiview", images, 0),
    submit(api, a.apiKey, "video", images, 0),
    submit(api, a.apiKey, "upscale", images, 0, idemUpscale),
  ]);
  const made = [job, set, video, upscale].filter((s) => s.response.status !== 200);
  report.expectNone(
    "account A's resources created",
    made.map((s) => `${s.kind}: ${s.response.status} ${s.response.text.slice(0, 200)}`),
  );
  if (made.length) return;
  await waitTerminal(
    api,
    [
      { key: a.apiKey, kind: "job", id: job.id! },
      { key: a.apiKey, kind: "multiview", id: set.id! },
      { key: a.apiKey, kind: "video", id: video.id! },
    ],
    150_000,
  );
  const views = (await readState(api, a.apiKey, "multiview", set.id!)).response.body.result.views as Array<{ job_id: string }>;
  const ids = {
    job: job.id!,
    set: set.id!,
    view: views[1].job_id,
    anchor: views[0].job_id,
    video: video.id!,
    upscale: upscale.response.body.job_id as string,
  };

  const beforeA = await snapshot(sql, a.accountId);
  const beforeB = await snapshot(sql, b.accountId);
  const meBefore = await api("GET", "/me", { key: b.apiKey });
  const attempts: Array<[string, string, unknown?]> = [];
  for (const id of Object.values(ids)) {
    attempts.push(
      ["GET", `/jobs/${id}`],
      ["POST", "/delete", { jobId: id }],
      ["GET", `/multiview?render_set_id=${id}`],
      ["GET", `/video?job_id=${id}`],
    );
    for (const viewIndex of [0, 1]) attempts.push(["POST", "/multiview/redo", { render_set_id: id, view_index: viewIndex }]);
  }
  const problems: string[] = [];
  for (const [method, path, body] of attempts) {
    const response = await api(method, path, { key: b.apiKey, json: body });
    const code = response.body?.code ?? response.body?.error?.code;
    if (response.status !== 404 || code !== "not_found")
      problems.push(`B ${method} ${path} ${body ? JSON.stringify(body) : ""} → ${response.status} ${response.text.slice(0, 160)}`);
  }
  report.figure(
    "cross-account attempts",
    `${attempts.length} over ${Object.keys(ids).length} resources of A (job group, set, anchor and sibling views, video, upscale)`,
  );
  report.expectNone("B gets 404 not_found for every route naming A's resources", problems);

  const listing = await api("GET", "/jobs?limit=100", { key: b.apiKey });
  const leaked = (listing.body?.data ?? []).filter((r: { id: string }) => Object.values(ids).includes(r.id));
  report.expect(
    "B's GET /jobs lists none of A's jobs",
    listing.status === 200 && leaked.length === 0,
    `${listing.status} ${JSON.stringify(leaked)}`,
  );
  const meAfter = await api("GET", "/me", { key: b.apiKey });
  report.expect(
    "B's GET /me counts are B's own, unchanged",
    meAfter.status === 200 && meAfter.text === meBefore.text,
    `${meBefore.text} → ${meAfter.text}`,
  );
  report.expect("A's rows, ledger and quota unchanged by B", (await snapshot(sql, a.accountId)) === beforeA);
  report.expect("B's rows, ledger and quota unchanged by its refused requests", (await snapshot(sql, b.accountId)) === beforeB);

  // Idempotency-Keys are per account (D12): B's identical key and body run as B's own request.
  const bJob = await submit(api, b.apiKey, "job-fast", images, 0, idemJob);
  const bUpscale = await submit(api, b.apiKey, "upscale", images, 0, idemUpscale);
  const replays = [bJob, bUpscale].filter(
    (s) =>
      s.response.status !== 200 ||
      s.response.headers.get("idempotency-replayed") ||
      s.response.text.includes(ids.job) ||
      s.response.text.includes(ids.upscale),
  );
  report.expectNone(
    "B reusing A's Idempotency-Key gets its own job, never A's answer",
    replays.map((s) => `${s.kind}: ${s.response.status} ${s.response.text.slice(0, 160)}`),
  );
  report.expect("A's rows unchanged by B's idempotent requests", (await snapshot(sql, a.accountId)) === beforeA);
  await waitTerminal(api, [{ key: b.apiKey, kind: "job", id: bJob.id ?? "" }], 60_000);
}
