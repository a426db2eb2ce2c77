/**
 * The Stripe double is as strict as Stripe, seen through the real `stripe` library pointed
 * at it with the library's host/port/protocol options: auth, version, unknown and missing
 * parameters, idempotency, hosted pages, signed events, off-session declines, test clocks.
 */
import http from "node:http";
import Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startStripeDouble, type StripeDouble } from "./stripe";

let double: StripeDouble;
let stripe: Stripe;
let received: { body: string; signature: string }[] = [];
let hook: http.Server;

function client(key: string) {
  const url = new URL(double.origin);
  return new Stripe(key, { host: url.hostname, port: Number(url.port), protocol: "http", maxNetworkRetries: 0 });
}

beforeAll(async () => {
  hook = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c) => chunks.push(c));
    req.on("end", () => {
      received.push({ body: Buffer.concat(chunks).toString("utf8"), signature: String(req.headers["stripe-signature"]) });
      res.writeHead(200).end();
    });
  });
  await new Promise<void>((resolve) => hook.listen(0, "127.0.0.1", resolve));
  double = await startStripeDouble({
    webhookUrl: `http://127.0.0.1:${(hook.address() as { port: number }).port}/`,
    delivery: { duplicateRate: 0, maxDelayMs: 0, lateRate: 0 },
  });
  stripe = client(double.secretKey);
}, 60_000);

afterAll(async () => {
  await double?.close();
  hook?.close();
});

async function price(lookupKey: string) {
  const { data } = await stripe.prices.list({ lookup_keys: [lookupKey], active: true });
  return data[0];
}

/** Completes the hosted Checkout page as a browser would post its form. */
async function pay(session: Stripe.Checkout.Session, card: string) {
  const response = await fetch(session.url!, {
    method: "POST",
    redirect: "manual",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ card }),
  });
  return {
    status: response.status,
    location: response.headers.get("location"),
    html: response.status === 303 ? "" : await response.text(),
  };
}

describe("Stripe double: the API contract", () => {
  it("refuses a missing or wrong key with 401, and a Stripe-Version other than the library's with 400", async () => {
    await expect(client("sk_test_wrong").customers.create({ email: "a@example.test" })).rejects.toBeInstanceOf(
      Stripe.errors.StripeAuthenticationError,
    );
    await expect(client(double.secretKey.replace("sk_test_", "sk_live_")).customers.create({})).rejects.toMatchObject({ statusCode: 401 });
    const response = await fetch(`${double.origin}/v1/customers`, {
      method: "POST",
      headers: {
        authorization: `Bearer ${double.secretKey}`,
        "stripe-version": "2020-08-27",
        "content-type": "application/x-www-form-urlencoded",
      },
      body: "email=a%40example.test",
    });
    expect(response.status).toBe(400);
    expect((await response.json()).error).toMatchObject({ type: "invalid_request_error", code: "api_version_invalid" });
  });

  it("refuses unknown and missing parameters, nested ones included, in Stripe's error shape", async () => {
    const premium = await price("atrium_premium_monthly");
    const unknown = await stripe.checkout.sessions
      .create({
        mode: "subscription",
        line_items: [{ price: premium.id, quantity: 1, colour: "red" } as never],
        success_url: "http://x.test/ok",
      })
      .catch((e: unknown) => e);
    expect(unknown).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    expect(unknown).toMatchObject({
      code: "parameter_unknown",
      param: "line_items[0][colour]",
      message: "Received unknown parameter: line_items[0][colour]",
    });
    // Removed from Checkout create in v23: the double follows the library's types.
    await expect(stripe.checkout.sessions.create({ mode: "payment", payment_method_types: ["card"] } as never)).rejects.toMatchObject({
      code: "parameter_unknown",
      param: "payment_method_types",
    });
    await expect(stripe.paymentIntents.create({ currency: "usd" } as never)).rejects.toMatchObject({
      code: "parameter_missing",
      param: "amount",
    });
    await expect(stripe.checkout.sessions.create({ mode: "payment", success_url: "http://x.test/ok" })).rejects.toMatchObject({
      param: "line_items",
    });
    await expect(
      stripe.checkout.sessions.create({
        mode: "payment",
        line_items: [{ price: premium.id, quantity: 1 }],
        success_url: "http://x.test/ok",
      }),
    ).rejects.toThrow(/recurring price/);
    await expect(stripe.prices.retrieve("price_missing")).rejects.toMatchObject({ statusCode: 404, code: "resource_missing" });
  });

  it("replays an Idempotency-Key with the same parameters and refuses it with others", async () => {
    const first = await stripe.customers.create({ email: "same@example.test" }, { idempotencyKey: "customer-1" });
    const again = await stripe.customers.create({ email: "same@example.test" }, { idempotencyKey: "customer-1" });
    expect(again.id).toBe(first.id);
    expect(again.lastResponse.headers["idempotent-replayed"]).toBe("true");
    const other = await stripe.customers.create({ email: "other@example.test" }, { idempotencyKey: "customer-1" }).catch((e: unknown) => e);
    expect(other).toBeInstanceOf(Stripe.errors.StripeIdempotencyError);
  });

  it("lists newest first with limit and starting_after, and finds prices by lookup key", async () => {
    for (let i = 0; i < 3; i++) await stripe.customers.create({ email: `list-${i}@example.test` });
    const page = await stripe.prices.list({ limit: 2 });
    expect(page.data).toHaveLength(2);
    expect(page.has_more).toBe(true);
    const next = await stripe.prices.list({ limit: 2, starting_after: page.data[1].id });
    expect(next.data.map((p) => p.id)).not.toContain(page.data[0].id);
    const packs = await stripe.prices.list({ lookup_keys: ["atrium_credits_100", "atrium_credits_500"] });
    expect(packs.data.map((p) => p.lookup_key).sort()).toEqual(["atrium_credits_100", "atrium_credits_500"]);
  });
});

describe("Stripe double: hosted pages, events and the clock", () => {
  it("completes a payment-mode Checkout: declined card first (nothing made), then a card that pays; events verify with the library", async () => {
    received = [];
    const customer = await stripe.customers.create({ email: "buyer@example.test" });
    const pack = await price("atrium_credits_500");
    const session = await stripe.checkout.sessions.create({
      mode: "payment",
      customer: customer.id,
      line_items: [{ price: pack.id, quantity: 1 }],
      payment_intent_data: { setup_future_usage: "off_session", metadata: { credits: "500" } },
      success_url: "http://app.test/billing?checkout={CHECKOUT_SESSION_ID}",
      cancel_url: "http://app.test/billing",
    });
    const declined = await pay(session, "4000 0000 0000 0002");
    expect(declined.status).toBe(402);
    expect(declined.html).toContain("Your card was declined.");
    expect((await stripe.checkout.sessions.retrieve(session.id)).status).toBe("open");

    const paid = await pay(session, "4242 4242 4242 4242");
    expect(paid.location).toBe(`http://app.test/billing?checkout=${session.id}`);
    const done = await stripe.checkout.sessions.retrieve(session.id, { expand: ["line_items"] });
    expect(done).toMatchObject({ status: "complete", payment_status: "paid" });
    expect(done.line_items!.data[0].price!.lookup_key).toBe("atrium_credits_500");
    const intent = await stripe.paymentIntents.retrieve(String(done.payment_intent));
    expect(intent.metadata).toEqual({ credits: "500" });
    expect((await stripe.customers.listPaymentMethods(customer.id, { type: "card" })).data).toHaveLength(1);

    await double.idle();
    const events = received.map(({ body, signature }) => stripe.webhooks.constructEvent(body, signature, double.webhookSecret));
    expect(events.map((e) => e.type)).toEqual(
      expect.arrayContaining(["checkout.session.completed", "payment_intent.succeeded", "payment_intent.payment_failed"]),
    );
    expect(() => stripe.webhooks.constructEvent(received[0].body, received[0].signature, "whsec_other")).toThrow(
      Stripe.errors.StripeSignatureVerificationError,
    );
  });

  it("asks for 3-D Secure on the card that needs it, and charges off-session: declines and authentication_required are 402 card errors", async () => {
    const customer = await stripe.customers.create({ email: "sca@example.test" });
    const pack = await price("atrium_credits_100");
    const session = await stripe.checkout.sessions.create({
      mode: "payment",
      customer: customer.id,
      line_items: [{ price: pack.id, quantity: 1 }],
      payment_intent_data: { setup_future_usage: "off_session" },
      success_url: "http://app.test/ok",
    });
    const challenged = await pay(session, "4000002500003155");
    expect(challenged.location).toBe(`/c/3ds/${session.id}`);
    const completed = await fetch(`${double.origin}/c/3ds/${session.id}`, {
      method: "POST",
      redirect: "manual",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: "outcome=complete",
    });
    expect(completed.headers.get("location")).toBe("http://app.test/ok");

    const [card] = (await stripe.customers.listPaymentMethods(customer.id, { type: "card" })).data;
    const topUp = await stripe.paymentIntents.create(
      { amount: 1200, currency: "usd", customer: customer.id, payment_method: card.id, confirm: true, off_session: true },
      { idempotencyKey: "top-up-1" },
    );
    expect(topUp.status).toBe("succeeded");
    await expect(
      stripe.paymentIntents.create({ amount: 1200, currency: "usd", customer: customer.id, payment_method: card.id, off_session: true }),
    ).rejects.toMatchObject({ param: "off_session" });

    const strict = await stripe.customers.create({ email: "always@example.test" });
    const alwaysSession = await stripe.checkout.sessions.create({
      mode: "payment",
      customer: strict.id,
      line_items: [{ price: pack.id, quantity: 1 }],
      payment_intent_data: { setup_future_usage: "off_session" },
      success_url: "http://app.test/ok",
    });
    await pay(alwaysSession, "4000002760003184");
    await fetch(`${double.origin}/c/3ds/${alwaysSession.id}`, {
      method: "POST",
      redirect: "manual",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: "outcome=complete",
    });
    const [strictCard] = (await stripe.customers.listPaymentMethods(strict.id, { type: "card" })).data;
    const refused = await stripe.paymentIntents
      .create({ amount: 1200, currency: "usd", customer: strict.id, payment_method: strictCard.id, confirm: true, off_session: true })
      .catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(Stripe.errors.StripeCardError);
    expect(refused).toMatchObject({ code: "authentication_required", statusCode: 402 });
    expect((refused as Stripe.errors.StripeCardError).payment_intent?.status).toBe("requires_payment_method");
  });

  it("runs a subscription on the customer's test clock: renewal invoices, then cancel at period end ends it", async () => {
    const customer = await stripe.customers.create({ email: "sub@example.test" });
    const premium = await price("atrium_premium_monthly");
    const session = await stripe.checkout.sessions.create({
      mode: "subscription",
      customer: customer.id,
      line_items: [{ price: premium.id, quantity: 1 }],
      success_url: "http://app.test/ok",
    });
    await pay(session, "4242424242424242");
    const {
      data: [subscription],
    } = await stripe.subscriptions.list({ customer: customer.id });
    const periodEnd = subscription.items.data[0].current_period_end;
    const firstInvoice = await stripe.invoices.retrieve(String(subscription.latest_invoice));
    expect(firstInvoice).toMatchObject({ status: "paid", billing_reason: "subscription_create" });
    expect(firstInvoice.parent?.subscription_details?.subscription).toBe(subscription.id);

    const clock = String(((await stripe.customers.retrieve(customer.id)) as Stripe.Customer).test_clock);
    await stripe.testHelpers.testClocks.advance(clock, { frozen_time: periodEnd + 60 });
    const renewed = await stripe.subscriptions.retrieve(subscription.id);
    expect(renewed.items.data[0].current_period_end).toBeGreaterThan(periodEnd);
    expect((await stripe.invoices.list({ customer: customer.id })).data.map((i) => i.billing_reason)).toEqual([
      "subscription_cycle",
      "subscription_create",
    ]);

    const portal = await stripe.billingPortal.sessions.create({ customer: customer.id, return_url: "http://app.test/billing" });
    const cancel = await fetch(`${portal.url}/cancel`, {
      method: "POST",
      redirect: "manual",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ subscription: subscription.id }),
    });
    expect(cancel.status).toBe(303);
    expect((await stripe.subscriptions.retrieve(subscription.id)).cancel_at_period_end).toBe(true);
    await stripe.testHelpers.testClocks.advance(clock, { frozen_time: renewed.items.data[0].current_period_end + 60 });
    expect((await stripe.subscriptions.retrieve(subscription.id)).status).toBe("canceled");
    expect((await stripe.subscriptions.list({ customer: customer.id })).data).toEqual([]);
    expect((await stripe.subscriptions.retrieve(subscription.id)).cancellation_details).toMatchObject({ reason: "cancellation_requested" });
  });

  it("prorates a mid-period switch to the second on an invoice paid at once; a downgrade's credit pays the next renewal", async () => {
    const customer = await stripe.customers.create({ email: "switch@example.test" });
    const [premium, business] = [await price("atrium_premium_monthly"), await price("atrium_business_monthly")];
    const session = await stripe.checkout.sessions.create({
      mode: "subscription",
      customer: customer.id,
      line_items: [{ price: premium.id, quantity: 1 }],
      success_url: "http://app.test/ok",
    });
    await pay(session, "4242424242424242");
    const {
      data: [subscription],
    } = await stripe.subscriptions.list({ customer: customer.id });
    const { current_period_start: start, current_period_end: end } = subscription.items.data[0];
    const clock = String(((await stripe.customers.retrieve(customer.id)) as Stripe.Customer).test_clock);
    const half = start + Math.round((end - start) / 2);
    await stripe.testHelpers.testClocks.advance(clock, { frozen_time: half });
    const portal = await stripe.billingPortal.sessions.create({ customer: customer.id });
    const form = (action: string, to: string) =>
      fetch(`${portal.url}/${action}`, {
        method: "POST",
        redirect: "manual",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ subscription: subscription.id, price: to }),
      });
    await form("switch", business.id);
    const share = (end - half) / (end - start);
    const [upgrade] = (await stripe.invoices.list({ customer: customer.id, limit: 1 })).data;
    expect(upgrade).toMatchObject({
      billing_reason: "subscription_update",
      status: "paid",
      amount_paid: Math.round(19900 * share) - Math.round(4900 * share),
    });
    expect(upgrade.lines.data.map((line) => line.amount)).toEqual([-Math.round(4900 * share), Math.round(19900 * share)]);

    await form("switch", premium.id);
    const [downgrade] = (await stripe.invoices.list({ customer: customer.id, limit: 1 })).data;
    expect(downgrade).toMatchObject({ billing_reason: "subscription_update", amount_due: 0, status: "paid" });
    const credit = Math.round(4900 * share) - Math.round(19900 * share);
    expect(((await stripe.customers.retrieve(customer.id)) as Stripe.Customer).balance).toBe(credit);
    await stripe.testHelpers.testClocks.advance(clock, { frozen_time: end + 60 });
    const [renewal] = (await stripe.invoices.list({ customer: customer.id, limit: 1 })).data;
    expect(renewal).toMatchObject({
      billing_reason: "subscription_cycle",
      total: 4900,
      starting_balance: credit,
      amount_due: Math.max(0, 4900 + credit),
    });
  });

  it("cancels at once (a second cancel is a 404), writes off an open invoice only, and links each invoice to its payment", async () => {
    const customer = await stripe.customers.create({ email: "cancel@example.test" });
    const premium = await price("atrium_premium_monthly");
    const session = await stripe.checkout.sessions.create({
      mode: "subscription",
      customer: customer.id,
      line_items: [{ price: premium.id, quantity: 1 }],
      success_url: "http://app.test/ok",
    });
    await pay(session, "4242424242424242");
    const {
      data: [subscription],
    } = await stripe.subscriptions.list({ customer: customer.id });
    const invoice = String(subscription.latest_invoice);
    const [payment] = (await stripe.invoicePayments.list({ invoice })).data;
    expect(payment).toMatchObject({
      object: "invoice_payment",
      invoice,
      status: "paid",
      amount_paid: 4900,
      payment: { type: "payment_intent" },
    });
    const { data: byIntent } = await stripe.invoicePayments.list({
      payment: { type: "payment_intent", payment_intent: String(payment.payment.payment_intent) },
    });
    expect(byIntent.map((p) => p.id)).toEqual([payment.id]);
    const { data: intents } = await stripe.paymentIntents.list({ customer: customer.id, expand: ["data.latest_charge"] });
    expect((intents[0].latest_charge as Stripe.Charge).receipt_url).toMatch(/\/r\/ch_/);

    await expect(stripe.invoices.markUncollectible(invoice)).rejects.toMatchObject({ type: "StripeInvalidRequestError", statusCode: 400 });
    const canceled = await stripe.subscriptions.cancel(subscription.id, { cancellation_details: { comment: "a second plan" } });
    expect(canceled).toMatchObject({
      status: "canceled",
      cancellation_details: { comment: "a second plan", reason: "cancellation_requested" },
    });
    await expect(stripe.subscriptions.cancel(subscription.id)).rejects.toMatchObject({ statusCode: 404, code: "resource_missing" });
    await expect(stripe.subscriptions.cancel(subscription.id, { prorate: "yes" } as never)).rejects.toMatchObject({ statusCode: 400 });
  });
});
