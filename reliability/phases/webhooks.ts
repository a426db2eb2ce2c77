/**
 * Phase 7, webhook receivers (D11, D16): one account per receiver behaviour. A receiver
 * that fails (500), times out or answers 3xx gets the same event id again, freshly
 * signed, after growing delays, and the redirect is never followed; a receiver that is
 * down for a while and then recovers gets every event at least once.
 */
import crypto from "node:crypto";
import type { SuiteDatabase } from "../lib/database";
import type { Api } from "../lib/api";
import { pollUntil } from "../lib/api";
import { runningRuns } from "../lib/audit";
import { SUITE_WEBHOOK_RETRY_SECONDS } from "../lib/webhook-schedule";
import { makeAccounts } from "../lib/accounts";
import type { Images } from "../lib/fixtures";
import type { PhaseReport } from "../lib/report";
import { submit, waitTerminal } from "../lib/work";
import type { Answer, Delivery, WebhookReceiver } from "../lib/webhook-receiver";

export interface WebhooksInput {
  database: SuiteDatabase;
  api: Api;
  images: Images;
  receiver: WebhookReceiver;
}

interface Scenario {
  name: string;
  answer: (attempt: number) => Answer;
  jobs: number;
  /** Deliveries each event needs before one succeeds. */
  attempts: number;
}

const RECOVERY_MS = 10_000;

export async function runWebhooks(input: WebhooksInput, report: PhaseReport): Promise<void> {
  const { api, database, images, receiver } = input;
  const { setWebhook } = await import("@/server/v1/services/webhooks/set-webhook");
  const recoversAt = Date.now() + RECOVERY_MS;
  const scenarios: Scenario[] = [
    { name: "fails", answer: (n) => (n <= 3 ? "fail" : "ok"), jobs: 1, attempts: 4 },
    { name: "times-out", answer: (n) => (n <= 2 ? "hang" : "ok"), jobs: 1, attempts: 3 },
    { name: "redirects", answer: (n) => (n <= 2 ? "redirect" : "ok"), jobs: 1, attempts: 3 },
    { name: "recovers", answer: () => (Date.now() < recoversAt ? "unavailable" : "ok"), jobs: 3, attempts: 1 },
  ];
  const accounts = await makeAccounts(
    database.db,
    scenarios.map((s) => ({ name: `webhooks ${s.name}`, plan: "business" as const, credits: 10 })),
  );
  const secrets = new Map<string, string>();
  const jobIds = new Map<string, string[]>();
  for (const [i, scenario] of scenarios.entries()) {
    receiver.script(scenario.name, scenario.answer);
    secrets.set(
      scenario.name,
      (await setWebhook(database.db, { accountId: accounts[i].accountId, url: receiver.url(scenario.name) })).secret,
    );
  }
  await Promise.all(
    scenarios.map(async (scenario, i) => {
      const made = await Promise.all(
        Array.from({ length: scenario.jobs }, (_, k) => submit(api, accounts[i].apiKey, "job-fast", images, k)),
      );
      jobIds.set(
        scenario.name,
        made.map((m) => m.id ?? `refused ${m.response.status}`),
      );
      await waitTerminal(
        api,
        made.filter((m) => m.id).map((m) => ({ key: accounts[i].apiKey, kind: "job" as const, id: m.id! })),
        90_000,
      );
    }),
  );

  const delivered = (scenario: Scenario) =>
    (jobIds.get(scenario.name) ?? []).every((jobId) => deliveriesOf(receiver, scenario.name, jobId).some((d) => d.answer === "ok"));
  await pollUntil(
    async () => scenarios.every(delivered),
    (done) => done,
    120_000,
    500,
  );

  const problems: string[] = [];
  let total = 0;
  for (const scenario of scenarios) {
    for (const jobId of jobIds.get(scenario.name) ?? []) {
      const got = deliveriesOf(receiver, scenario.name, jobId);
      total += got.length;
      problems.push(...checkDeliveries(scenario, jobId, got, secrets.get(scenario.name)!));
    }
  }
  report.figure("deliveries received", `${total} for ${[...jobIds.values()].flat().length} events over ${scenarios.length} receivers`);
  report.expectNone("same event id on every retry, fresh valid signatures, growing backoff, each event delivered", problems);
  report.expect(
    "3xx answers are not followed",
    receiver.redirectFollows === 0,
    `${receiver.redirectFollows} requests reached the redirect target`,
  );

  // The receiver answered before the attempt's row was written: wait for the rows, and for
  // the retry runs to end, so the next phase starts with nothing of this one in flight.
  const readRows = () => database.sql<{ id: string; status: string; attempts: number }[]>`
    select e.id, d.status, d.attempts from v1.webhook_events e join v1.webhook_deliveries d on d.event_id = e.id
    where e.account_id in ${database.sql(accounts.map((a) => a.accountId))}`;
  const rows = await pollUntil(readRows, (found) => found.every((r) => r.status === "delivered"), 30_000, 250);
  report.expectNone(
    "no retry run left running",
    await pollUntil(
      () => runningRuns(database.sql),
      (runs) => runs.length === 0,
      60_000,
      500,
    ),
  );
  const recorded = rows.filter(
    (r) => r.status !== "delivered" || r.attempts !== receiver.deliveries.filter((d) => d.eventId === r.id).length,
  );
  report.expectNone(
    "every event recorded delivered, attempts = deliveries",
    recorded.map((r) => `${r.id}: ${r.status} after ${r.attempts} attempts`),
  );
}

function deliveriesOf(receiver: WebhookReceiver, scenario: string, jobId: string): Delivery[] {
  return receiver.deliveries.filter((d) => d.scenario === scenario && d.rawBody.includes(jobId));
}

function checkDeliveries(scenario: Scenario, jobId: string, got: Delivery[], secret: string): string[] {
  const problems: string[] = [];
  const where = `${scenario.name} ${jobId}`;
  if (!got.some((d) => d.answer === "ok")) problems.push(`${where}: never delivered`);
  if (got.length < scenario.attempts) problems.push(`${where}: ${got.length} deliveries, expected at least ${scenario.attempts}`);
  const ids = new Set(got.map((d) => d.eventId));
  if (ids.size !== 1) problems.push(`${where}: event ids ${[...ids].join(", ")}`);
  for (const d of got) {
    const expected = `sha256=${crypto.createHmac("sha256", secret).update(`${d.timestamp}.${d.rawBody}`).digest("hex")}`;
    if (d.signature !== expected) problems.push(`${where}: bad signature on attempt ${d.attempt}`);
    if (Math.abs(Number(d.timestamp) * 1000 - d.receivedAt) > 5 * 60_000)
      problems.push(`${where}: stale timestamp on attempt ${d.attempt}`);
    const body = JSON.parse(d.rawBody);
    if (body.api_version !== "v1" || body.type !== "job.completed" || body.data?.job_id !== jobId || body.data?.kind !== "job")
      problems.push(`${where}: body ${d.rawBody}`);
  }
  // Before the first success retry n waits at least the schedule's delay n, less its 10 %
  // jitter. A loaded machine adds queueing on top, so gaps are checked against that floor,
  // not against each other: an early retry delayed by load may take longer than a later one.
  const failing = got.slice(0, got.findIndex((d) => d.answer === "ok") + 1);
  const gaps = failing.slice(1).map((d, i) => d.receivedAt - failing[i].receivedAt);
  const floors = gaps.map((_, i) => SUITE_WEBHOOK_RETRY_SECONDS[i] * 1000 * 0.9);
  if (gaps.some((gap, i) => gap < floors[i])) {
    problems.push(`${where}: retry gaps ${gaps.join(", ")} ms, below the backoff's ${floors.map(Math.round).join(", ")} ms`);
  }
  return problems;
}
