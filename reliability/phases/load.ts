/**
 * Phase 4, load: a mixed workload (reads, generation POSTs, polls) at a steady rate
 * for RELIABILITY_LOAD_SECONDS (3 minutes) across 20 accounts. Some accounts are made
 * to be refused — too few credits (402), free plan on paid routes and a low per-minute
 * limit (403 plan_required, 429), a tiny quota (403 quota_exceeded) — and those are the
 * only refusals allowed. Afterwards every balance reconciles with its ledger, every
 * item settles, and the server's RSS (sampled from /proc) has not kept growing.
 */
import fc from "fast-check";
import type { SuiteDatabase } from "../lib/database";
import type { Api, ApiResponse } from "../lib/api";
import { pollUntil, sleep } from "../lib/api";
import { auditAccounts, runningRuns } from "../lib/audit";
import { makeAccounts } from "../lib/accounts";
import type { Images } from "../lib/fixtures";
import type { NextServer } from "../lib/next-server";
import type { PhaseReport } from "../lib/report";
import { durableKind, readState, submit, waitTerminal, type DurableKind, type WorkKind } from "../lib/work";

export interface LoadInput {
  server: NextServer;
  database: SuiteDatabase;
  dataDir: string;
  api: Api;
  images: Images;
  seconds: number;
  seed: number;
}

type Group = "regular" | "poor" | "free" | "capped";

/** The refusals each group of accounts is there to provoke. */
const INTENDED: Record<Group, string[]> = {
  regular: [],
  poor: ["insufficient_credits"],
  free: ["plan_required", "rate_limited"],
  capped: ["quota_exceeded"],
};

const GROUPS: Array<{ group: Group; count: number; plan: "free" | "premium" | "business"; credits: number; quota?: number }> = [
  { group: "regular", count: 12, plan: "business", credits: 400 },
  { group: "poor", count: 3, plan: "premium", credits: 2 },
  { group: "free", count: 3, plan: "free", credits: 50 },
  { group: "capped", count: 2, plan: "business", credits: 100, quota: 3 },
];

type Action = { type: "read"; what: "me" | "list" | "own" } | { type: "poll" } | { type: "generate"; kind: WorkKind };

const ACTION = fc.oneof(
  {
    weight: 20,
    arbitrary: fc.constantFrom<Action>({ type: "read", what: "me" }, { type: "read", what: "list" }, { type: "read", what: "own" }),
  },
  { weight: 12, arbitrary: fc.constant<Action>({ type: "poll" }) },
  { weight: 6, arbitrary: fc.constant<Action>({ type: "generate", kind: "job-fast" }) },
  { weight: 3, arbitrary: fc.constant<Action>({ type: "generate", kind: "upscale" }) },
  { weight: 2, arbitrary: fc.constant<Action>({ type: "generate", kind: "inpaint" }) },
  { weight: 2, arbitrary: fc.constant<Action>({ type: "generate", kind: "describe" }) },
  {
    weight: 1,
    arbitrary: fc.constantFrom<Action>(
      { type: "generate", kind: "job" },
      { type: "generate", kind: "multiview" },
      { type: "generate", kind: "video" },
    ),
  },
);

const REQUESTS_PER_SECOND = 6;

export async function runLoad(input: LoadInput, report: PhaseReport): Promise<void> {
  const { api, database, images } = input;
  const made = await makeAccounts(
    database.db,
    GROUPS.flatMap((g) =>
      Array.from({ length: g.count }, (_, i) => ({ name: `load ${g.group} ${i}`, plan: g.plan, credits: g.credits, quota: g.quota })),
    ),
  );
  const accounts = made.map((account, i) => ({
    ...account,
    group: GROUPS.flatMap((g) => Array<Group>(g.count).fill(g.group))[i],
    items: [] as Array<{ kind: DurableKind; id: string }>,
  }));
  const total = input.seconds * REQUESTS_PER_SECOND;
  const plan = fc.sample(fc.tuple(fc.nat({ max: accounts.length - 1 }), ACTION), { numRuns: total, seed: input.seed });

  const statuses = new Map<string, number>();
  const errors: string[] = [];
  const rss: Array<{ at: number; kb: number }> = [];
  const startedAt = Date.now();
  const sampler = setInterval(() => rss.push({ at: Date.now() - startedAt, kb: input.server.rssKb() }), 2000);
  const inFlight = new Set<Promise<void>>();
  let peakInFlight = 0;

  const judge = (account: (typeof accounts)[number], label: string, response: ApiResponse) => {
    const code = response.status === 200 ? "200" : (response.body?.code ?? response.body?.error?.code ?? String(response.status));
    statuses.set(code, (statuses.get(code) ?? 0) + 1);
    if (response.status !== 200 && !INTENDED[account.group].includes(code))
      errors.push(`${account.group} ${label}: ${response.status} ${response.text.slice(0, 160)}`);
  };

  const act = async ([index, action]: [number, Action]) => {
    const account = accounts[index];
    try {
      if (action.type === "generate") {
        // Free accounts try a paid route now and then, as a client on the wrong plan would.
        const wanted = account.group === "free" && action.kind === "upscale" ? "multiview" : action.kind;
        const done = await submit(api, account.apiKey, wanted, images, index);
        judge(account, `POST ${wanted}`, done.response);
        const kind = durableKind(wanted);
        if (kind && done.id) account.items.push({ kind, id: done.id });
      } else if (action.type === "poll" && account.items.length) {
        const item = account.items[account.items.length - 1];
        judge(account, `poll ${item.kind}`, (await readState(api, account.apiKey, item.kind, item.id)).response);
      } else if (action.type === "read" && action.what === "own" && account.items.length) {
        const item = account.items[Math.floor(account.items.length / 2)];
        judge(account, `read ${item.kind}`, (await readState(api, account.apiKey, item.kind, item.id)).response);
      } else {
        const path = action.type === "read" && action.what === "list" ? "/jobs?limit=5" : "/me";
        judge(account, `GET ${path}`, await api("GET", path, { key: account.apiKey }));
      }
    } catch (error) {
      errors.push(`${account.group} ${JSON.stringify(action)}: ${(error as Error).message}`);
    }
  };

  for (const [i, step] of plan.entries()) {
    const due = startedAt + (i * 1000) / REQUESTS_PER_SECOND;
    if (due > Date.now()) await sleep(due - Date.now());
    const running: Promise<void> = act(step).finally(() => inFlight.delete(running));
    inFlight.add(running);
    peakInFlight = Math.max(peakInFlight, inFlight.size);
  }
  await Promise.all(inFlight);
  const elapsed = (Date.now() - startedAt) / 1000;
  clearInterval(sampler);

  const items = accounts.flatMap((a) => a.items.map((item) => ({ key: a.apiKey, ...item })));
  const unsettled = await waitTerminal(api, items, 180_000);
  // A job group reads as terminal once its outputs are; its own row is closed by the run's
  // last step, which may still be queued behind the backlog. The audit reads rows, so it
  // waits for the runs as the crash and fault phases do.
  const stuck = await pollUntil(
    () => runningRuns(database.sql),
    (runs) => runs.length === 0,
    60_000,
    1000,
  );
  const audit = await auditAccounts({ sql: database.sql, dataDir: input.dataDir, accountIds: accounts.map((a) => a.accountId) });

  report.figure(
    "requests",
    `${total} in ${Math.round(elapsed)} s (${(total / elapsed).toFixed(1)}/s steady target ${REQUESTS_PER_SECOND}/s), 20 accounts, peak ${peakInFlight} in flight`,
  );
  report.figure(
    "answers",
    [...statuses]
      .sort((a, b) => b[1] - a[1])
      .map(([k, n]) => `${k} ${n}`)
      .join(", "),
  );
  report.figure(
    "work items",
    `${items.length} durable items, ${audit.items} rows audited, ${audit.debits} debits, ${audit.refunds} refunds`,
  );
  report.expectNone("error rate 0 apart from intended 402/403/429", errors);
  report.expect(
    "the intended refusals happened (402, 403 plan_required and quota_exceeded, 429)",
    ["insufficient_credits", "plan_required", "quota_exceeded", "rate_limited"].every((c) => statuses.has(c)),
    [...statuses.keys()].join(", "),
  );
  report.expectNone("every durable item settles after the load", unsettled);
  report.expectNone("no executor run left running", stuck);
  report.expectNone("balances reconcile with ledgers; charged once; nothing processing", audit.anomalies);
  report.expectNone("no unbounded memory growth of the server process", memoryGrowth(rss, report));
}

/** RSS must level off: the last third's peak may not exceed the middle third's by more than 25% + 32 MB. */
function memoryGrowth(samples: Array<{ at: number; kb: number }>, report: PhaseReport): string[] {
  if (samples.length < 9) return [`only ${samples.length} RSS samples`];
  const third = Math.floor(samples.length / 3);
  const peak = (part: typeof samples) => Math.max(...part.map((s) => s.kb));
  const middle = peak(samples.slice(third, 2 * third));
  const last = peak(samples.slice(2 * third));
  const mb = (kb: number) => `${Math.round(kb / 1024)} MB`;
  report.figure(
    "server RSS",
    `start ${mb(samples[0].kb)}, peak of middle third ${mb(middle)}, peak of last third ${mb(last)} (${samples.length} samples)`,
  );
  return last <= middle * 1.25 + 32 * 1024 ? [] : [`RSS kept growing: ${mb(middle)} → ${mb(last)}`];
}
