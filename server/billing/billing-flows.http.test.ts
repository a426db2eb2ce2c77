/**
 * Self-serve billing end to end (D15): the studio's billing procedures → the real `stripe`
 * library → the Stripe contract double's hosted pages, completed as a browser posts them →
 * signed webhooks (with duplicates, overtaking and late ones) → /api/stripe/webhook over
 * HTTP → the durable function on a local executor → the workspace's v1 account.
 */
import { TRPCError } from "@trpc/server";
import { eq, isNull, sql } from "drizzle-orm";
import Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { closeDb, getDb } from "@/db/client";
import { stripeEvents, workspaceBilling } from "@/db/schema";
import { billingFunctions } from "@/inngest/functions/billing";
import { startTestExecutor, type TestExecutor } from "@/test/executor";
import { listOutbox } from "@/server/email/list-outbox";
import { newPerson } from "@/test/callers";
import { debitCredits } from "@/server/v1/services/billing/debit-credits";
import { startAppServer, type AppServer } from "@/test/app-server";
import type { StripeDouble } from "@/test/doubles/stripe";
import { rejectionOf } from "@/test/rejection";
import { payCheckout, portalAction, sessionIdOf, startConfiguredStripeDouble } from "@/test/stripe-settings";
import type { AuditAction } from "@/shared/audit-actions";
import { PLAN_TABLE } from "@/shared/plans";

await vi.hoisted(async () => {
  const { useStripeDouble } = await import("@/test/stripe-settings");
  await useStripeDouble();
  process.env.STUDIO_SIGNUP_PLAN = "free";
});

let app: AppServer;
let executor: TestExecutor;
let double: StripeDouble;
let stripe: Stripe;

beforeAll(async () => {
  app = await startAppServer();
  executor = await startTestExecutor({ functions: billingFunctions, concurrency: 6 });
  double = await startConfiguredStripeDouble({
    webhookUrl: `${app.url}/api/stripe/webhook`,
    delivery: { duplicateRate: 0.3, maxDelayMs: 150, lateRate: 0.15, lateMs: 600 },
  });
  const base = new URL(double.origin);
  stripe = new Stripe(double.secretKey, { host: base.hostname, port: Number(base.port), protocol: "http" });
}, 120_000);

afterAll(async () => {
  await double?.close();
  await executor?.stop();
  await app?.close();
  await closeDb();
});

const STARTER = 500;

async function owner(name: string) {
  const person = await newPerson(name);
  const { id: workspaceId } = await person.api.workspaces.create({ name: `${name} Realty` });
  return { ...person, workspaceId };
}

/** Every delivery made and every recorded event applied. */
async function settled() {
  await double.idle();
  const db = await getDb();
  for (let i = 0; i < 400; i++) {
    const [pending] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(stripeEvents)
      .where(isNull(stripeEvents.processedAt));
    if (pending.n === 0) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error("Stripe events still unprocessed after 40 s");
}

async function ledgerCheck(workspaceId: string) {
  const db = await getDb();
  const [row] = await db.execute<{ balance: number; ledger: number }>(sql`
    select a.credit_balance as balance, (select coalesce(sum(amount), 0)::int from v1.credit_ledger l where l.account_id = a.id) as ledger
    from studio.workspaces w join v1.accounts a on a.id::text = w.v1_account_id where w.id = ${workspaceId}`);
  return { balance: Number(row.balance), ledger: Number(row.ledger) };
}

/** The workspace's audit events of one action, newest first, as an owner reads them. */
async function auditOf(person: Awaited<ReturnType<typeof owner>>, action: AuditAction) {
  const { events } = await person.api.audit.list({ workspaceId: person.workspaceId });
  return events.filter((event) => event.action === action).map(({ actorEmail, target, detail }) => ({ actorEmail, target, detail }));
}

async function customerOf(workspaceId: string) {
  const db = await getDb();
  const [row] = await db
    .select({ customer: workspaceBilling.stripeCustomerId })
    .from(workspaceBilling)
    .where(eq(workspaceBilling.workspaceId, workspaceId));
  return row.customer!;
}

describe("plans and packs through Stripe Checkout", () => {
  let ana: Awaited<ReturnType<typeof owner>>;

  beforeAll(async () => {
    ana = await owner("Ana");
  });

  it("upgrades from Free to Premium: back on billing, the plan, its quota and the included credits are there, and the webhooks change nothing more", async () => {
    const { api, workspaceId } = ana;
    expect(await api.billing.overview({ workspaceId })).toMatchObject({
      paymentsEnabled: true,
      plan: "free",
      monthlyQuota: PLAN_TABLE.free.monthlyQuota,
      balance: STARTER,
      prices: { plans: { premium: "$49.00", business: "$199.00" } },
    });
    const { url } = await api.billing.upgrade({ workspaceId, plan: "premium" });
    const paid = await payCheckout(url, "4242 4242 4242 4242");
    expect(paid.location).toMatch(/\/billing\?checkout=cs_test_/);
    expect(await api.billing.completeCheckout({ workspaceId, sessionId: sessionIdOf(paid.location) })).toEqual({
      status: "paid",
      kind: "plan",
      plan: "premium",
    });
    const upgraded = {
      plan: "premium",
      monthlyQuota: PLAN_TABLE.premium.monthlyQuota,
      balance: STARTER + PLAN_TABLE.premium.includedCredits,
    };
    expect(await api.billing.overview({ workspaceId })).toMatchObject({
      ...upgraded,
      subscription: { status: "active", plan: "premium", cancelAtPeriodEnd: false },
    });

    await settled();
    expect(await api.billing.overview({ workspaceId })).toMatchObject(upgraded);
    const history = await api.billing.history({ workspaceId });
    expect(history.filter((entry) => entry.kind === "plan")).toMatchObject([{ from: "free", to: "premium", source: "stripe" }]);
    expect(history.filter((entry) => entry.kind === "credits" && entry.source === "stripe_invoice")).toHaveLength(1);
    // The audit log names who bought, once, however many times Stripe told us.
    expect(await auditOf(ana, "plan_changed")).toEqual([
      { actorEmail: ana.user.email, target: "premium", detail: { from: "free", source: "stripe" } },
    ]);
    await expect(api.billing.upgrade({ workspaceId, plan: "business" })).rejects.toThrow(/billing portal/);
  });

  it("buys a pack: a declined card leaves nothing changed and says why; a good card adds the credits once", async () => {
    const { api, workspaceId } = ana;
    const before = (await api.billing.overview({ workspaceId }))!.balance;
    const { url } = await api.billing.buyCredits({ workspaceId, credits: 500 });
    const declined = await payCheckout(url, "4000 0000 0000 0002");
    expect(declined.status).toBe(402);
    expect(declined.html).toContain("Your card was declined.");
    await settled();
    expect((await api.billing.overview({ workspaceId }))!.balance).toBe(before);

    const paid = await payCheckout(url, "4242424242424242");
    const sessionId = sessionIdOf(paid.location);
    expect(await api.billing.completeCheckout({ workspaceId, sessionId })).toEqual({ status: "paid", kind: "credit_pack", credits: 500 });
    expect(await api.billing.completeCheckout({ workspaceId, sessionId })).toEqual({ status: "paid", kind: "credit_pack", credits: 500 });
    await settled();
    expect((await api.billing.overview({ workspaceId }))!.balance).toBe(before + 500);
    expect(await ledgerCheck(workspaceId)).toEqual({ balance: before + 500, ledger: before + 500 });
    expect(await auditOf(ana, "credit_pack_purchased")).toEqual([
      { actorEmail: ana.user.email, target: "500 credits", detail: { via: "checkout" } },
    ]);
  });

  it("refuses another workspace's session, and billing actions to members who are not owners", async () => {
    const other = await owner("Omar");
    const { url } = await ana.api.billing.buyCredits({ workspaceId: ana.workspaceId, credits: 100 });
    const paid = await payCheckout(url, "4242424242424242");
    const stolen = await rejectionOf(
      other.api.billing.completeCheckout({ workspaceId: other.workspaceId, sessionId: sessionIdOf(paid.location) }),
      TRPCError,
    );
    expect(stolen.code).toBe("NOT_FOUND");

    const { api: agentApi } = await newPerson("Agnes");
    const invite = await ana.api.invitations.create({ workspaceId: ana.workspaceId, role: "agent" });
    await agentApi.invitations.accept({ token: invite.token });
    expect((await agentApi.billing.overview({ workspaceId: ana.workspaceId }))!.plan).toBe("premium");
    const attempts = [
      () => agentApi.billing.buyCredits({ workspaceId: ana.workspaceId, credits: 100 }),
      () => agentApi.billing.portal({ workspaceId: ana.workspaceId }),
      () => agentApi.billing.invoices({ workspaceId: ana.workspaceId }),
    ];
    for (const attempt of attempts) expect((await rejectionOf(attempt(), TRPCError)).code).toBe("FORBIDDEN");
    await settled();
  });

  it("lists the invoices with their hosted page and PDF, and beside them every pack with its receipt", async () => {
    const documents = await ana.api.billing.invoices({ workspaceId: ana.workspaceId });
    const [invoice] = documents.filter((d) => d.kind === "invoice");
    expect(invoice).toMatchObject({
      description: "Premium plan",
      status: "paid",
      amount: 4900,
      currency: "usd",
      hostedUrl: expect.stringContaining(double.origin),
      pdfUrl: expect.stringMatching(/\/pdf$/),
      receiptUrl: null,
    });
    const pdf = await fetch(invoice.pdfUrl!);
    expect(pdf.headers.get("content-type")).toBe("application/pdf");
    const receipts = documents.filter((d) => d.kind === "receipt");
    expect(
      receipts
        .map(({ description, amount, status, hostedUrl }) => ({ description, amount, status, hostedUrl }))
        .sort((a, b) => a.amount - b.amount),
    ).toEqual([
      { description: "100 credits pack", amount: 1200, status: "paid", hostedUrl: null },
      { description: "500 credits pack", amount: 5000, status: "paid", hostedUrl: null },
    ]);
    const receipt = await fetch(receipts.find((r) => r.amount === 5000)!.receiptUrl!);
    expect(receipt.status).toBe(200);
    expect(await receipt.text()).toContain("$50.00");
  });

  it("the portal's cancel keeps Premium until the test clock ends the period, then Free with the credits kept", async () => {
    const { api, workspaceId } = ana;
    const { url } = await api.billing.portal({ workspaceId });
    const subscription = (await api.billing.overview({ workspaceId }))!.subscription!;
    const [{ id }] = (await stripe.subscriptions.list({ customer: await customerOf(workspaceId) })).data;
    await portalAction(url, "cancel", { subscription: id });
    await settled();
    const cancelling = (await api.billing.overview({ workspaceId }))!;
    expect(cancelling).toMatchObject({ plan: "premium", subscription: { status: "active", cancelAtPeriodEnd: true } });

    const customer = (await stripe.customers.retrieve(await customerOf(workspaceId))) as Stripe.Customer;
    await stripe.testHelpers.testClocks.advance(String(customer.test_clock), {
      frozen_time: Math.floor(subscription.currentPeriodEnd!.getTime() / 1000) + 3600,
    });
    await settled();
    const ended = await api.billing.overview({ workspaceId });
    expect(ended).toMatchObject({
      plan: "free",
      monthlyQuota: PLAN_TABLE.free.monthlyQuota,
      balance: cancelling.balance,
      subscription: { status: "canceled" },
    });
    expect((await api.billing.history({ workspaceId })).find((entry) => entry.kind === "plan")).toMatchObject({
      from: "premium",
      to: "free",
      source: "stripe",
    });
    // Stripe ended it on its own at the period's end: no one's action, newest first.
    expect((await auditOf(ana, "plan_changed"))[0]).toEqual({
      actorEmail: null,
      target: "free",
      detail: { from: "premium", source: "stripe" },
    });
  });

  it("a refunded pack takes its credits back up to the balance, never below 0", async () => {
    const bea = await owner("Bea");
    const { url } = await bea.api.billing.buyCredits({ workspaceId: bea.workspaceId, credits: 100 });
    const paid = await payCheckout(url, "4242424242424242");
    await bea.api.billing.completeCheckout({ workspaceId: bea.workspaceId, sessionId: sessionIdOf(paid.location) });
    const db = await getDb();
    const [{ accountId }] = await db.execute<{ accountId: string }>(
      sql`select v1_account_id as "accountId" from studio.workspaces where id = ${bea.workspaceId}`,
    );
    // Spend all but 40 of the 600 credits.
    await debitCredits(db, { accountId, amount: STARTER + 100 - 40, chargeKey: `test:${accountId}`, jobId: "job", operation: "test" });
    const session = await stripe.checkout.sessions.retrieve(sessionIdOf(paid.location));
    await stripe.refunds.create({ payment_intent: String(session.payment_intent) });
    await settled();
    expect(await ledgerCheck(bea.workspaceId)).toEqual({ balance: 0, ledger: 0 });
    expect((await bea.api.billing.history({ workspaceId: bea.workspaceId }))[0]).toMatchObject({
      kind: "credits",
      amount: -40,
      source: "pack_refund",
    });
  });

  it("a pack refunded in parts takes back exactly its credits, each part in the ledger with its reason and in the audit log", async () => {
    const ida = await owner("Ida");
    const { url } = await ida.api.billing.buyCredits({ workspaceId: ida.workspaceId, credits: 500 });
    const paid = await payCheckout(url, "4242424242424242");
    await ida.api.billing.completeCheckout({ workspaceId: ida.workspaceId, sessionId: sessionIdOf(paid.location) });
    const { payment_intent } = await stripe.checkout.sessions.retrieve(sessionIdOf(paid.location));
    // $19.99 then the remaining $30.01 of $50.00: 199.9 and 300.1 credits, each rounded down on its own, would leave 1.
    await stripe.refunds.create({ payment_intent: String(payment_intent), amount: 1999, reason: "requested_by_customer" });
    await settled();
    expect((await ida.api.billing.overview({ workspaceId: ida.workspaceId }))!.balance).toBe(STARTER + 500 - 199);
    await stripe.refunds.create({ payment_intent: String(payment_intent), amount: 3001 });
    await settled();
    expect(await ledgerCheck(ida.workspaceId)).toEqual({ balance: STARTER, ledger: STARTER });
    const refunds = (await ida.api.billing.history({ workspaceId: ida.workspaceId })).filter(
      (entry) => entry.kind === "credits" && entry.source === "pack_refund",
    );
    expect(refunds).toMatchObject([
      { amount: -301, note: "Refund of $30.01 of $50.00 for the 500 credits pack" },
      { amount: -199, note: "Refund of $19.99 of $50.00 for the 500 credits pack (requested by customer)" },
    ]);
    expect(await auditOf(ida, "credits_taken_back")).toEqual([
      {
        actorEmail: null,
        target: "301 credits",
        detail: { refund: "$30.01", of: "$50.00", purchase: "500 credits pack", reason: null, due: 301 },
      },
      {
        actorEmail: null,
        target: "199 credits",
        detail: { refund: "$19.99", of: "$50.00", purchase: "500 credits pack", reason: "requested_by_customer", due: 199 },
      },
    ]);
  });

  it("a refunded plan invoice takes back its included credits the same way, in parts adding up to the whole", async () => {
    const jo = await owner("Jo");
    const { url } = await jo.api.billing.upgrade({ workspaceId: jo.workspaceId, plan: "premium" });
    const paid = await payCheckout(url, "4242424242424242");
    await jo.api.billing.completeCheckout({ workspaceId: jo.workspaceId, sessionId: sessionIdOf(paid.location) });
    const { invoice } = await stripe.checkout.sessions.retrieve(sessionIdOf(paid.location));
    const [payment] = (await stripe.invoicePayments.list({ invoice: String(invoice) })).data;
    const intent = String(payment.payment.payment_intent);
    // $20.00 then $29.00 of $49.00 for 300 credits: 122.4 and 177.6.
    await stripe.refunds.create({ payment_intent: intent, amount: 2000 });
    await settled();
    await stripe.refunds.create({ payment_intent: intent, amount: 2900 });
    await settled();
    expect(await ledgerCheck(jo.workspaceId)).toEqual({ balance: STARTER, ledger: STARTER });
    const refunds = (await jo.api.billing.history({ workspaceId: jo.workspaceId })).filter(
      (entry) => entry.kind === "credits" && entry.source === "plan_refund",
    );
    expect(refunds.map((entry) => (entry.kind === "credits" ? entry.amount : null))).toEqual([-178, -122]);
    expect(refunds[1]).toMatchObject({
      note: expect.stringMatching(/^Refund of \$20\.00 of \$49\.00 for the Premium plan's 300 credits \(invoice /),
    });
    expect((await auditOf(jo, "credits_taken_back")).map((event) => event.target)).toEqual(["178 credits", "122 credits"]);
  });

  it("a failed renewal keeps the plan with a banner and one mail to the owners; when every retry fails, the workspace returns to Free", async () => {
    const cai = await owner("Cai");
    const { api, workspaceId, user } = cai;
    const { url } = await api.billing.upgrade({ workspaceId, plan: "premium" });
    const paid = await payCheckout(url, "4242424242424242");
    await api.billing.completeCheckout({ workspaceId, sessionId: sessionIdOf(paid.location) });
    await settled();
    const portal = await api.billing.portal({ workspaceId });
    expect((await portalAction(portal.url, "card", { card: "4000000000000341" })).status).toBe(303);

    const periodEnd = Math.floor((await api.billing.overview({ workspaceId }))!.subscription!.currentPeriodEnd!.getTime() / 1000);
    const clock = String(((await stripe.customers.retrieve(await customerOf(workspaceId))) as Stripe.Customer).test_clock);
    await stripe.testHelpers.testClocks.advance(clock, { frozen_time: periodEnd + 3600 });
    await settled();
    expect(await api.billing.overview({ workspaceId })).toMatchObject({ plan: "premium", subscription: { status: "past_due" } });
    const mails = (await listOutbox({ to: user.email })).filter((m) => /Payment for .* failed/.test(m.subject ?? ""));
    expect(mails).toHaveLength(1);
    expect(mails[0].text).toContain("/billing");

    await stripe.testHelpers.testClocks.advance(clock, { frozen_time: periodEnd + 16 * 86400 });
    await settled();
    expect(await api.billing.overview({ workspaceId })).toMatchObject({
      plan: "free",
      subscription: { status: "canceled", endedUnpaidAt: expect.any(Date) },
    });
    expect((await listOutbox({ to: user.email })).filter((m) => /Payment for .* failed/.test(m.subject ?? ""))).toHaveLength(1);

    // Ended for non-payment: the owners are mailed once, every page says so, and the unpaid invoice reads as not paid, never as payable.
    const ended = (await listOutbox({ to: user.email })).filter((m) => /plan ended/.test(m.subject ?? ""));
    expect(ended).toHaveLength(1);
    expect(ended[0].text).toContain("/billing");
    expect(await api.billing.notice({ workspaceId })).toMatchObject({
      pastDue: false,
      planEnded: { plan: "premium", at: expect.any(Date) },
    });
    const [renewal, first] = (await api.billing.invoices({ workspaceId })).filter((d) => d.kind === "invoice");
    expect(first).toMatchObject({ status: "paid" });
    expect(renewal).toMatchObject({ status: "not_paid", hostedUrl: null, pdfUrl: expect.stringMatching(/\/pdf$/) });
    expect((await stripe.invoices.retrieve(renewal.id)).status).toBe("uncollectible");
    // Told once: Stripe telling us again changes nothing.
    const { syncCustomer } = await import("@/server/billing/sync-customer");
    const { createBillingContext } = await import("@/server/billing/context");
    await syncCustomer(await createBillingContext(), await customerOf(workspaceId));
    expect((await listOutbox({ to: user.email })).filter((m) => /plan ended/.test(m.subject ?? ""))).toHaveLength(1);
  });
});

describe("a plan switch in the middle of a period", () => {
  it("up: the prorated difference is charged at once, plan and quota change at once, the new plan's credits come with its next renewal; down: the unused time is credited to the next invoice and no credits are taken back", async () => {
    const max = await owner("Max");
    const { api, workspaceId } = max;
    const { url } = await api.billing.upgrade({ workspaceId, plan: "premium" });
    await payCheckout(url, "4242424242424242");
    await settled();
    const customer = await customerOf(workspaceId);
    const [subscription] = (await stripe.subscriptions.list({ customer })).data;
    const { current_period_start: start, current_period_end: end } = subscription.items.data[0];
    const clock = String(((await stripe.customers.retrieve(customer)) as Stripe.Customer).test_clock);
    const [premium, business] = await Promise.all(
      [PLAN_TABLE.premium, PLAN_TABLE.business].map(async (plan) => (await stripe.prices.list({ lookup_keys: [plan.lookupKey!] })).data[0]),
    );
    const switchTo = async (price: Stripe.Price) => {
      const portal = await api.billing.portal({ workspaceId });
      expect((await portalAction(portal.url, "switch", { subscription: subscription.id, price: price.id })).status).toBe(303);
      await settled();
    };
    const half = start + Math.round((end - start) / 2);
    const share = (end - half) / (end - start);
    await stripe.testHelpers.testClocks.advance(clock, { frozen_time: half });

    await switchTo(business);
    const afterUp = STARTER + PLAN_TABLE.premium.includedCredits;
    expect(await api.billing.overview({ workspaceId })).toMatchObject({
      plan: "business",
      monthlyQuota: PLAN_TABLE.business.monthlyQuota,
      balance: afterUp,
      subscription: { plan: "business" },
    });
    const [change] = (await api.billing.invoices({ workspaceId })).filter((d) => d.description === "Plan change");
    expect(change).toMatchObject({ status: "paid", amount: Math.round(19900 * share) - Math.round(4900 * share) });

    await stripe.testHelpers.testClocks.advance(clock, { frozen_time: end + 3600 });
    await settled();
    const afterRenewal = afterUp + PLAN_TABLE.business.includedCredits;
    expect((await api.billing.overview({ workspaceId }))!.balance).toBe(afterRenewal);

    const renewed = (await stripe.subscriptions.retrieve(subscription.id)).items.data[0];
    const nextHalf = renewed.current_period_start + Math.round((renewed.current_period_end - renewed.current_period_start) / 2);
    const nextShare = (renewed.current_period_end - nextHalf) / (renewed.current_period_end - renewed.current_period_start);
    await stripe.testHelpers.testClocks.advance(clock, { frozen_time: nextHalf });
    await switchTo(premium);
    expect(await api.billing.overview({ workspaceId })).toMatchObject({
      plan: "premium",
      monthlyQuota: PLAN_TABLE.premium.monthlyQuota,
      balance: afterRenewal,
    });
    const credit = Math.round(4900 * nextShare) - Math.round(19900 * nextShare);
    expect(((await stripe.customers.retrieve(customer)) as Stripe.Customer).balance).toBe(credit);
    await stripe.testHelpers.testClocks.advance(clock, { frozen_time: renewed.current_period_end + 3600 });
    await settled();
    expect((await api.billing.overview({ workspaceId }))!.balance).toBe(afterRenewal + PLAN_TABLE.premium.includedCredits);
    const [renewal] = (await api.billing.invoices({ workspaceId })).filter((d) => d.kind === "invoice");
    expect(renewal).toMatchObject({ description: "Premium plan", status: "paid", amount: Math.max(0, 4900 + credit) });
    expect(await ledgerCheck(workspaceId)).toEqual({
      balance: afterRenewal + PLAN_TABLE.premium.includedCredits,
      ledger: afterRenewal + PLAN_TABLE.premium.includedCredits,
    });
  });
});

describe("one plan subscription per workspace", () => {
  async function liveSubscriptions(workspaceId: string) {
    const { data } = await stripe.subscriptions.list({ customer: await customerOf(workspaceId), status: "all" });
    return data.filter((s) => ["active", "trialing", "past_due"].includes(s.status));
  }

  it("opens one plan checkout at a time: the same plan again is the same page, another plan replaces it, and once one is paid the portal is the way", async () => {
    const kim = await owner("Kim");
    const { api, workspaceId } = kim;
    const [first, again] = await Promise.all([
      api.billing.upgrade({ workspaceId, plan: "premium" }),
      api.billing.upgrade({ workspaceId, plan: "premium" }),
    ]);
    expect(again.url).toBe(first.url);
    const business = await api.billing.upgrade({ workspaceId, plan: "business" });
    expect(business.url).not.toBe(first.url);
    // The replaced checkout can no longer be paid.
    const stale = await payCheckout(first.url, "4242424242424242");
    expect(stale.status).toBe(402);
    expect(stale.html).toContain("no longer active");
    const paid = await payCheckout(business.url, "4242424242424242");
    expect(await api.billing.completeCheckout({ workspaceId, sessionId: sessionIdOf(paid.location) })).toEqual({
      status: "paid",
      kind: "plan",
      plan: "business",
    });
    const refused = await rejectionOf(api.billing.upgrade({ workspaceId, plan: "premium" }), TRPCError);
    expect(refused.code).toBe("CONFLICT");
    expect(refused.message).toMatch(/billing portal/);
    await settled();
    expect(await liveSubscriptions(workspaceId)).toHaveLength(1);
  });

  it("a second subscription Stripe completes anyway is canceled at once with a full refund, grants nothing, and the owners are told", async () => {
    const lev = await owner("Lev");
    const { api, workspaceId, user } = lev;
    const premium = await api.billing.upgrade({ workspaceId, plan: "premium" });
    await payCheckout(premium.url, "4242424242424242");
    // Another checkout of the same customer, made outside the studio's guard (an older release, a race, the Dashboard).
    const customer = await customerOf(workspaceId);
    const [price] = (await stripe.prices.list({ lookup_keys: [PLAN_TABLE.business.lookupKey!] })).data;
    const metadata = { workspace_id: workspaceId, kind: "plan", plan: "business", user_id: user.id };
    const second = await stripe.checkout.sessions.create({
      mode: "subscription",
      customer,
      client_reference_id: workspaceId,
      line_items: [{ price: price.id, quantity: 1 }],
      metadata,
      subscription_data: { metadata },
      success_url: "http://app.test/billing?checkout={CHECKOUT_SESSION_ID}",
    });
    const paid = await payCheckout(second.url!, "4242424242424242");
    expect(await api.billing.completeCheckout({ workspaceId, sessionId: sessionIdOf(paid.location) })).toEqual({
      status: "duplicate",
      kind: "plan",
    });
    await settled();

    const { data: subscriptions } = await stripe.subscriptions.list({ customer, status: "all" });
    const duplicateId = String((await stripe.checkout.sessions.retrieve(second.id)).subscription);
    const duplicate = subscriptions.find((s) => s.id === duplicateId)!;
    expect(duplicate).toMatchObject({ status: "canceled" });
    expect(await liveSubscriptions(workspaceId)).toMatchObject([{ metadata: { plan: "premium" } }]);
    const [payment] = (await stripe.invoicePayments.list({ invoice: String(duplicate.latest_invoice) })).data;
    const intent = await stripe.paymentIntents.retrieve(String(payment.payment.payment_intent), { expand: ["latest_charge"] });
    expect(intent.latest_charge).toMatchObject({ amount: 19900, amount_refunded: 19900, refunded: true });

    expect(await api.billing.overview({ workspaceId })).toMatchObject({
      plan: "premium",
      balance: STARTER + PLAN_TABLE.premium.includedCredits,
      subscription: { plan: "premium", status: "active" },
    });
    expect(await ledgerCheck(workspaceId)).toEqual({
      balance: STARTER + PLAN_TABLE.premium.includedCredits,
      ledger: STARTER + PLAN_TABLE.premium.includedCredits,
    });
    const mails = (await listOutbox({ to: user.email })).filter((m) => /second plan/i.test(m.subject ?? ""));
    expect(mails).toHaveLength(1);
    expect(mails[0].text).toContain("$199.00");
    expect((await auditOf(lev, "plan_changed")).map((event) => event.target)).toEqual(["premium"]);
    expect(await auditOf(lev, "second_plan_refunded")).toEqual([
      { actorEmail: null, target: "Business", detail: { subscription: duplicateId, refunded: "$199.00" } },
    ]);
  });
});
