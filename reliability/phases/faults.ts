/**
 * Phase 2, provider faults: the server runs with ATRIUM_TEST_FAULTS, so every provider
 * call may fail (transient or permanent), hang past its timeout or return bytes that
 * are not an image. Durable work retries transient faults and fails permanent ones
 * (D5, D7, D9); synchronous routes answer 200 or 502 provider_error/provider_timeout
 * with credits_charged 0 (D8) — never another 5xx. Every charged failure is refunded once.
 */
import type { SuiteDatabase } from "../lib/database";
import type { Api } from "../lib/api";
import { pollUntil } from "../lib/api";
import { auditAccounts, runningRuns } from "../lib/audit";
import { makeAccounts } from "../lib/accounts";
import type { Images } from "../lib/fixtures";
import type { NextServer } from "../lib/next-server";
import { mapPool, type PhaseReport } from "../lib/report";
import { durableKind, readState, submit, SYNC_KINDS, waitTerminal, type WorkKind } from "../lib/work";

export interface FaultsInput {
  server: NextServer;
  database: SuiteDatabase;
  dataDir: string;
  api: Api;
  images: Images;
}

const DURABLE: WorkKind[] = ["job", "job-fast", "job-fast", "job-fast", "multiview", "video"];
const SYNC: WorkKind[] = [
  "upscale",
  "upscale",
  "upscale",
  "upscale",
  "inpaint",
  "inpaint",
  "inpaint",
  "inpaint",
  "describe",
  "describe",
  "describe",
];
const PROVIDER_CODES = ["provider_error", "provider_timeout"];
const VIEW_CODES = [...PROVIDER_CODES, "anchor_failed", "insufficient_credits"];

export async function runFaults(input: FaultsInput, report: PhaseReport): Promise<void> {
  const { api, database, images } = input;
  const { sql } = database;
  const accounts = await makeAccounts(
    database.db,
    [0, 1, 2].map((i) => ({ name: `faults ${i}`, plan: "business" as const, credits: 300 })),
  );
  const plan = accounts.flatMap((account, a) => [...DURABLE, ...SYNC].map((kind, k) => ({ key: account.apiKey, kind, variant: a + k })));
  const submitted = await mapPool(plan, 4, async (p) => ({ ...(await submit(api, p.key, p.kind, images, p.variant)), key: p.key }));

  const problems: string[] = [];
  let sync502 = 0;
  for (const s of submitted) {
    const { status, body } = s.response;
    if (SYNC_KINDS.includes(s.kind)) {
      if (status === 502) {
        sync502++;
        if (!PROVIDER_CODES.includes(body?.error?.code) || body?.credits_charged !== 0 || body?.status !== "failed")
          problems.push(`${s.kind} 502 with ${s.response.text.slice(0, 200)}`);
      } else if (status !== 200 || body?.status !== "completed")
        problems.push(`${s.kind} answered ${status}: ${s.response.text.slice(0, 200)}`);
      else if (s.kind === "describe" && !body.result?.description?.trim())
        problems.push(`describe completed with an empty description: ${body.job_id}`);
    } else if (status !== 200) problems.push(`${s.kind} refused ${status}: ${s.response.text.slice(0, 200)}`);
  }

  const items = submitted.filter((s) => s.id).map((s) => ({ key: s.key, kind: durableKind(s.kind)!, id: s.id! }));
  report.expectNone("every durable item terminal", await waitTerminal(api, items, 200_000));
  let durableFailures = 0;
  for (const item of items) {
    const { state, response } = await readState(api, item.key, item.kind, item.id);
    if (item.kind === "job" && state === "failed") {
      durableFailures++;
      if (response.status !== 400 || response.body?.code !== "job_failed")
        problems.push(`job ${item.id} failed as ${response.status} ${response.text.slice(0, 200)}`);
    } else if (item.kind === "video" && state === "failed") {
      durableFailures++;
      if (!PROVIDER_CODES.includes(response.body?.error?.code))
        problems.push(`video ${item.id} failed with ${response.text.slice(0, 200)}`);
    } else if (item.kind === "multiview") {
      for (const view of response.body?.result?.views ?? []) {
        if (view.status === "failed") durableFailures++;
        if (view.status === "failed" && !VIEW_CODES.includes(view.error?.code))
          problems.push(`view ${view.job_id} failed with ${JSON.stringify(view.error)}`);
      }
      if (state === "failed" && response.body?.error?.code !== "anchor_failed")
        problems.push(`set ${item.id} failed with ${response.text.slice(0, 200)}`);
    }
  }
  report.expectNone(
    "sync routes answer 200 or 502 provider_error/provider_timeout with credits_charged 0; failures carry documented codes",
    problems,
  );

  const stuck = await pollUntil(
    () => runningRuns(sql),
    (runs) => runs.length === 0,
    60_000,
    1000,
  );
  report.expectNone("no executor run left running", stuck);
  const [retries] = await sql<
    { retried: string; attempts: string }[]
  >`select count(*) filter (where attempt > 0) as retried, coalesce(sum(attempt), 0) as attempts from executor.steps`;
  const audit = await auditAccounts({ sql, dataDir: input.dataDir, accountIds: accounts.map((a) => a.accountId) });
  report.figure("work items", `${submitted.length} requests (${items.length} durable, ${submitted.length - items.length} synchronous)`);
  report.figure(
    "faults seen",
    `${sync502} synchronous 502s, ${durableFailures} durable failures, ${retries.attempts} step retries over ${retries.retried} steps`,
  );
  report.figure("rows audited", `${audit.items} items, ${audit.outputs} stored outputs, ${audit.debits} debits, ${audit.refunds} refunds`);
  report.expect(
    "faults were injected (synchronous 502s and durable retries seen)",
    sync502 > 0 && Number(retries.attempts) > 0,
    `${sync502} 502s, ${retries.attempts} retries`,
  );
  report.expectNone("charged once, every charged failure refunded once, outputs stored and decodable, nothing processing", audit.anomalies);
}
