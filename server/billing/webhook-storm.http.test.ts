/**
 * Stripe webhooks, exactly once (D15): 1,000 deliveries of a few hundred real events
 * (packs, a refund, a subscription's first invoice, renewals, a plan switch, a cancel at
 * period end, for several workspaces), duplicated, shuffled and sent concurrently to
 * /api/stripe/webhook over HTTP, processed by the durable function on a local executor.
 * Every grant is applied once, each balance equals its ledger's sum, none is negative,
 * and the end state is the one the events describe, whatever the order. Refused
 * deliveries (a wrong signature, a stale timestamp, a changed body) change nothing.
 */
import crypto from "node:crypto";
import { eq, isNull, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { closeDb, getDb } from "@/db/client";
import { executorRuns, stripeEvents } from "@/db/schema";
import { billingFunctions } from "@/inngest/functions/billing";
import { startTestExecutor, type TestExecutor } from "@/test/executor";
import { newPerson } from "@/test/callers";
import { startAppServer, type AppServer } from "@/test/app-server";
import type { StripeDouble } from "@/test/doubles/stripe";
import type { Obj } from "@/test/doubles/stripe-state";
import { runBillingScenario, SCENARIO_BALANCE, SCENARIO_KEYED_GRANTS } from "@/test/billing-scenario";
import { startConfiguredStripeDouble } from "@/test/stripe-settings";
import { PLAN_TABLE } from "@/shared/plans";
import { createBillingContext } from "./context";
import { receiveWebhook } from "./receive-webhook";

await vi.hoisted(async () => {
  const { useStripeDouble } = await import("@/test/stripe-settings");
  await useStripeDouble();
  process.env.STUDIO_SIGNUP_PLAN = "free";
});

const WORKSPACES = 6;
const DELIVERIES = 1000;
const CONCURRENCY = 24;
const EXPECTED_BALANCE = SCENARIO_BALANCE;
const KEYED_GRANTS = SCENARIO_KEYED_GRANTS;

let app: AppServer;
let executor: TestExecutor;
let double: StripeDouble;
const owners: { workspaceId: string }[] = [];

beforeAll(async () => {
  app = await startAppServer();
  // No webhook endpoint while the scenario runs: its events are kept, and delivered below.
  double = await startConfiguredStripeDouble();
  for (let i = 0; i < WORKSPACES; i++) owners.push(await scenario(`Storm${i}`));
  executor = await startTestExecutor({ functions: billingFunctions, concurrency: 8 });
}, 240_000);

afterAll(async () => {
  await double?.close();
  await executor?.stop();
  await app?.close();
  await closeDb();
});

/** One workspace's purchases, renewals, plan switch and cancel (test/billing-scenario.ts); nothing fulfilled but by webhooks. */
async function scenario(name: string) {
  const { api } = await newPerson(name);
  const { id: workspaceId } = await api.workspaces.create({ name: `${name} Realty` });
  await runBillingScenario({ db: await getDb(), api, workspaceId, double });
  return { workspaceId };
}

function shuffle<T>(items: T[]): T[] {
  for (let i = items.length - 1; i > 0; i--) {
    const j = crypto.randomInt(i + 1);
    [items[i], items[j]] = [items[j], items[i]];
  }
  return items;
}

async function deliver(event: Obj, options?: { secret?: string; timestamp?: number; tamper?: boolean }) {
  const { payload, header } = double.sign(event, options);
  const body = options?.tamper ? payload.replace(/"livemode": false/, '"livemode": true') : payload;
  const response = await fetch(`${app.url}/api/stripe/webhook`, {
    method: "POST",
    headers: { "content-type": "application/json", "stripe-signature": header },
    body,
  });
  return response.status;
}

async function state() {
  const db = await getDb();
  return db.execute<{
    workspace_id: string;
    plan: string;
    quota: number;
    balance: number;
    ledger: number;
    keyed: number;
    max_per_key: number;
  }>(sql`
    select w.id as workspace_id, a.plan, a.monthly_quota as quota, a.credit_balance as balance,
      (select coalesce(sum(amount), 0)::int from v1.credit_ledger l where l.account_id = a.id) as ledger,
      (select count(*)::int from v1.credit_ledger l where l.account_id = a.id and l.grant_key is not null) as keyed,
      (select coalesce(max(n), 0)::int from (select count(*) as n from v1.credit_ledger l where l.account_id = a.id and l.grant_key is not null group by l.grant_key) k) as max_per_key
    from studio.workspaces w join v1.accounts a on a.id::text = w.v1_account_id
    where w.id in ${sql.raw(`(${owners.map((o) => `'${o.workspaceId}'`).join(",")})`)}
    order by w.id`);
}

describe("webhooks: 1,000 deliveries, duplicated, shuffled, concurrent", () => {
  it("apply each grant once and end in the state the events describe", async () => {
    const events = [...double.state.events];
    expect(events.length).toBeGreaterThanOrEqual(300);
    const deliveries = shuffle([
      ...events,
      ...Array.from({ length: DELIVERIES - events.length }, () => events[crypto.randomInt(events.length)]),
    ]);
    expect(deliveries).toHaveLength(DELIVERIES);
    const statuses: number[] = [];
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        for (let event = deliveries.pop(); event; event = deliveries.pop()) statuses.push(await deliver(event));
      }),
    );
    expect(statuses.filter((status) => status !== 200)).toEqual([]);

    const db = await getDb();
    for (let i = 0; ; i++) {
      const [pending] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(stripeEvents)
        .where(isNull(stripeEvents.processedAt));
      if (pending.n === 0) break;
      if (i > 1200) throw new Error(`${pending.n} events still unprocessed after 2 minutes`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const [recorded] = await db.select({ n: sql<number>`count(*)::int` }).from(stripeEvents);
    expect(recorded.n).toBe(events.length);
    const runs = await db
      .select({ eventId: executorRuns.eventId })
      .from(executorRuns)
      .where(eq(executorRuns.functionId, "atrium-billing-process-stripe-event"));
    expect(new Set(runs.map((r) => r.eventId)).size).toBe(runs.length);

    for (const row of await state()) {
      expect(row).toMatchObject({
        plan: "free",
        quota: PLAN_TABLE.free.monthlyQuota,
        balance: EXPECTED_BALANCE,
        ledger: EXPECTED_BALANCE,
        keyed: KEYED_GRANTS,
        max_per_key: 1,
      });
    }
    const [negative] = await db.execute<{ n: number }>(sql`select count(*)::int as n from v1.accounts where credit_balance < 0`);
    expect(Number(negative.n)).toBe(0);
  }, 300_000);

  it("refuses a wrongly signed, stale or changed delivery and changes nothing; a late duplicate changes nothing either", async () => {
    const db = await getDb();
    const before = await state();
    const [{ n: recordedBefore }] = await db.select({ n: sql<number>`count(*)::int` }).from(stripeEvents);
    const forged = {
      ...double.state.events.find((e) => e.type === "checkout.session.completed")!,
      id: `evt_${crypto.randomBytes(12).toString("hex")}`,
    };
    expect(await deliver(forged, { secret: "whsec_not_the_endpoints" })).toBe(400);
    // Replayed: a genuine signature whose timestamp is past the library's 5-minute tolerance.
    expect(await deliver(forged, { timestamp: Math.floor(Date.now() / 1000) - 600 })).toBe(400);
    expect(await deliver(forged, { tamper: true })).toBe(400);
    const unsigned = await fetch(`${app.url}/api/stripe/webhook`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(forged),
    });
    expect(unsigned.status).toBe(400);
    const [{ n: recordedAfter }] = await db.select({ n: sql<number>`count(*)::int` }).from(stripeEvents);
    expect(recordedAfter).toBe(recordedBefore);

    const late = double.state.events.find((e) => e.type === "invoice.paid")!;
    const response = await fetch(`${app.url}/api/stripe/webhook`, {
      method: "POST",
      headers: { "content-type": "application/json", "stripe-signature": double.sign(late).header },
      body: double.sign(late).payload,
    });
    expect(await response.json()).toEqual({ received: true, duplicate: true });
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(await state()).toEqual(before);
  });

  it("answers 404 on a deployment without Stripe", async () => {
    const event = double.state.events[0];
    const { payload, header } = double.sign(event);
    expect(await receiveWebhook(await createBillingContext({ stripe: null }), { payload, signature: header })).toMatchObject({
      status: 404,
    });
  });
});
