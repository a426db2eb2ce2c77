/**
 * The Stripe double's objects and how they change: customers on test clocks, a price
 * catalogue, Checkout sessions completed through the hosted page, subscriptions with
 * their invoices and renewals, off-session PaymentIntents, refunds, portal changes, and
 * the events each change emits (data.object is the snapshot at that moment, as Stripe
 * sends it). Field names and shapes follow the `stripe` package's types; `satisfies`
 * checks them against those types where the object is flat enough to name every field.
 */
import crypto from "node:crypto";
import type Stripe from "stripe";

export class StripeApiError extends Error {
  constructor(
    readonly status: number,
    readonly error: {
      type: string;
      message: string;
      code?: string;
      param?: string;
      decline_code?: string;
      payment_intent?: unknown;
      charge?: string;
    },
  ) {
    super(error.message);
  }
}

export const invalidRequest = (message: string, param?: string, code?: string) =>
  new StripeApiError(400, { type: "invalid_request_error", message, ...(param ? { param } : {}), ...(code ? { code } : {}) });

export const missingResource = (kind: string, id: string, param = "id") =>
  new StripeApiError(404, { type: "invalid_request_error", code: "resource_missing", message: `No such ${kind}: '${id}'`, param });

/** Stripe's test card numbers and what each does (docs.stripe.com/testing). */
export const TEST_CARDS: Record<
  string,
  {
    brand: string;
    behaviour: "succeeds" | "declined" | "authenticate_once" | "authenticate_always" | "attach_then_decline";
    decline?: string;
  }
> = {
  "4242424242424242": { brand: "visa", behaviour: "succeeds" },
  "5555555555554444": { brand: "mastercard", behaviour: "succeeds" },
  "4000000000000002": { brand: "visa", behaviour: "declined", decline: "generic_decline" },
  "4000000000009995": { brand: "visa", behaviour: "declined", decline: "insufficient_funds" },
  "4000002500003155": { brand: "visa", behaviour: "authenticate_once" },
  "4000002760003184": { brand: "visa", behaviour: "authenticate_always" },
  "4000000000000341": { brand: "visa", behaviour: "attach_then_decline" },
};

export const DECLINE_MESSAGES: Record<string, string> = {
  generic_decline: "Your card was declined.",
  insufficient_funds: "Your card has insufficient funds.",
  authentication_required: "Your card was declined. This transaction requires authentication.",
  incorrect_number: "Your card number is incorrect.",
  authentication_failed: "We are unable to authenticate your payment method. Please choose a different payment method and try again.",
};

type List<T> = { object: "list"; data: T[]; has_more: boolean; url: string };
export type Obj = Record<string, unknown> & { id: string; object: string; created: number };

export interface CatalogueEntry {
  lookupKey: string;
  name: string;
  unitAmount: number;
  interval: "month" | null;
}

/** The prices the double's account sells; a test may pass its own. */
export const DEFAULT_CATALOGUE: CatalogueEntry[] = [
  { lookupKey: "atrium_premium_monthly", name: "Atrium Premium", unitAmount: 4900, interval: "month" },
  { lookupKey: "atrium_business_monthly", name: "Atrium Business", unitAmount: 19900, interval: "month" },
  { lookupKey: "atrium_credits_100", name: "100 credits", unitAmount: 1200, interval: null },
  { lookupKey: "atrium_credits_500", name: "500 credits", unitAmount: 5000, interval: null },
  { lookupKey: "atrium_credits_2000", name: "2,000 credits", unitAmount: 18000, interval: null },
];

const BASE62 = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
export function stripeId(prefix: string, length = 24): string {
  const bytes = crypto.randomBytes(length);
  return `${prefix}_${Array.from(bytes, (b) => BASE62[b % 62]).join("")}`;
}

function addMonth(seconds: number): number {
  const date = new Date(seconds * 1000);
  date.setUTCMonth(date.getUTCMonth() + 1);
  return Math.floor(date.getTime() / 1000);
}

/** Days between retries of a failed renewal; after the last the subscription ends as `afterRetries` says. */
const RETRY_DAYS = [3, 5, 7];

export interface StateOptions {
  apiVersion: string;
  catalogue?: CatalogueEntry[];
  /** What a subscription becomes when every retry of a renewal failed (the account's setting): canceled (default) or unpaid. */
  afterRetries?: "canceled" | "unpaid";
}

export class StripeState {
  origin = "";
  readonly events: Obj[] = [];
  private readonly objects = new Map<string, Obj>();
  /** Private card numbers of payment methods, never serialized. */
  private readonly cardNumbers = new Map<string, string>();
  private readonly subscribers: ((event: Obj) => void)[] = [];
  private invoiceSequence = 0;

  constructor(private readonly options: StateOptions) {
    for (const entry of options.catalogue ?? DEFAULT_CATALOGUE) this.addPrice(entry);
  }

  onEvent(listener: (event: Obj) => void) {
    this.subscribers.push(listener);
  }

  get<T extends Obj = Obj>(id: string): T | undefined {
    return this.objects.get(id) as T | undefined;
  }

  /** Newest first, as Stripe lists; objects of the same second in the reverse of the order they were made. */
  all<T extends Obj = Obj>(object: string): T[] {
    const made = [...this.objects.keys()];
    const rank = new Map(made.map((id, index) => [id, index]));
    return [...this.objects.values()]
      .filter((o) => o.object === object)
      .sort((a, b) => b.created - a.created || rank.get(b.id)! - rank.get(a.id)!) as T[];
  }

  private put<T extends Obj>(object: T): T {
    this.objects.set(object.id, object);
    return object;
  }

  /** The frozen time of the customer's test clock, else the wall clock. */
  now(customerId?: string | null): number {
    const customer = customerId ? this.get(customerId) : undefined;
    const clock = customer?.test_clock ? this.get(String(customer.test_clock)) : undefined;
    return clock ? Number(clock.frozen_time) : Math.floor(Date.now() / 1000);
  }

  emit(type: string, object: Obj, previous?: Record<string, unknown>): Obj {
    const customer = typeof object.customer === "string" ? object.customer : null;
    const event = {
      id: stripeId("evt"),
      object: "event",
      api_version: this.options.apiVersion,
      created: this.now(customer),
      data: { object: structuredClone(object), ...(previous ? { previous_attributes: previous } : {}) },
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      type,
    } satisfies Pick<Stripe.Event, "id" | "object" | "api_version" | "created" | "livemode" | "pending_webhooks" | "request"> & Obj;
    this.events.push(event);
    for (const listener of this.subscribers) listener(event);
    return event;
  }

  private addPrice(entry: CatalogueEntry) {
    const created = Math.floor(Date.now() / 1000);
    const product = this.put({
      id: stripeId("prod", 14),
      object: "product",
      active: true,
      name: entry.name,
      created,
      livemode: false,
      metadata: {},
    });
    this.put({
      id: stripeId("price"),
      object: "price",
      active: true,
      billing_scheme: "per_unit",
      created,
      currency: "usd",
      livemode: false,
      lookup_key: entry.lookupKey,
      metadata: {},
      nickname: null,
      product: product.id,
      recurring: entry.interval
        ? { interval: entry.interval, interval_count: 1, meter: null, usage_type: "licensed", trial_period_days: null }
        : null,
      tax_behavior: "unspecified",
      type: entry.interval ? "recurring" : "one_time",
      unit_amount: entry.unitAmount,
      unit_amount_decimal: String(entry.unitAmount),
    });
  }

  productName(id: string): string {
    return String(this.get(id)?.name ?? "");
  }

  price(id: string): Obj {
    const price = this.get(id);
    if (!price || price.object !== "price") throw missingResource("price", id, "line_items[0][price]");
    return price;
  }

  // --- customers, clocks, payment methods ------------------------------------------

  /** Every customer lives on a test clock of its own, as if created with `test_clock`, so a test can end its periods. */
  createCustomer(params: { email?: string; name?: string; metadata?: Record<string, string>; test_clock?: string }): Obj {
    const clock = params.test_clock
      ? this.clock(params.test_clock)
      : this.createClock({ frozen_time: Math.floor(Date.now() / 1000), name: "customer" });
    const customer = this.put({
      id: stripeId("cus", 14),
      object: "customer",
      created: Number(clock.frozen_time),
      email: params.email ?? null,
      name: params.name ?? null,
      metadata: cleanMetadata(params.metadata),
      livemode: false,
      test_clock: clock.id,
      invoice_settings: { custom_fields: null, default_payment_method: null, footer: null, rendering_options: null },
      // Negative: credit the customer has (a downgrade's unused time), applied to the next invoices.
      balance: 0,
    });
    this.emit("customer.created", customer);
    return customer;
  }

  customer(id: string, param = "customer"): Obj {
    const customer = this.get(id);
    if (!customer || customer.object !== "customer") throw missingResource("customer", id, param);
    return customer;
  }

  createClock(params: { frozen_time: number; name?: string }): Obj {
    return this.put({
      id: stripeId("clock"),
      object: "test_helpers.test_clock",
      created: Math.floor(Date.now() / 1000),
      deletes_after: params.frozen_time + 30 * 86400,
      frozen_time: params.frozen_time,
      livemode: false,
      name: params.name ?? null,
      status: "ready",
      status_details: {},
    });
  }

  clock(id: string): Obj {
    const clock = this.get(id);
    if (!clock || clock.object !== "test_helpers.test_clock") throw missingResource("test_helpers.test_clock", id, "test_clock");
    return clock;
  }

  /** A card typed into a hosted page: a PaymentMethod, attached to the customer when asked. */
  cardPaymentMethod(number: string, customerId: string | null): Obj | { error: string } {
    const digits = number.replace(/\s+/g, "");
    const card = TEST_CARDS[digits];
    if (!card) return { error: "incorrect_number" };
    const method = this.put({
      id: stripeId("pm"),
      object: "payment_method",
      created: this.now(customerId),
      customer: customerId,
      livemode: false,
      metadata: {},
      type: "card",
      billing_details: { address: null, email: null, name: null, phone: null, tax_id: null },
      card: {
        brand: card.brand,
        last4: digits.slice(-4),
        exp_month: 12,
        exp_year: new Date().getUTCFullYear() + 3,
        country: "US",
        funding: "credit",
      },
    });
    this.cardNumbers.set(method.id, digits);
    return method;
  }

  behaviour(paymentMethodId: string) {
    return TEST_CARDS[this.cardNumbers.get(paymentMethodId) ?? ""]?.behaviour ?? "declined";
  }

  declineCode(paymentMethodId: string): string {
    return TEST_CARDS[this.cardNumbers.get(paymentMethodId) ?? ""]?.decline ?? "generic_decline";
  }

  attach(methodId: string, customerId: string, makeDefault: boolean) {
    const method = this.get(methodId)!;
    method.customer = customerId;
    const customer = this.customer(customerId);
    const settings = customer.invoice_settings as { default_payment_method: string | null };
    if (makeDefault || !settings.default_payment_method) settings.default_payment_method = methodId;
    this.emit("payment_method.attached", method);
  }

  // --- Checkout ------------------------------------------------------------------

  createCheckoutSession(params: Record<string, any>): Obj {
    const mode = params.mode;
    const customerId = params.customer ?? null;
    if (customerId) this.customer(customerId);
    const items = (params.line_items ?? []) as { price: string; quantity?: string }[];
    for (const [i, item] of items.entries()) {
      if (!item.price)
        throw invalidRequest(`Missing required param: line_items[${i}][price].`, `line_items[${i}][price]`, "parameter_missing");
      const price = this.price(item.price);
      if (mode === "subscription" && !price.recurring)
        throw invalidRequest(
          "You must provide at least one recurring price in `subscription` mode when using prices.",
          `line_items[${i}][price]`,
        );
      if (mode === "payment" && price.recurring)
        throw invalidRequest(
          "You specified `payment` mode but passed a recurring price. Either switch to `subscription` mode or use only one-time prices.",
          `line_items[${i}][price]`,
        );
    }
    const now = this.now(customerId);
    const expiresAt = params.expires_at ? Number(params.expires_at) : now + 24 * 3600;
    if (expiresAt < now + 30 * 60 || expiresAt > now + 24 * 3600)
      throw invalidRequest(
        "The `expires_at` timestamp must be between 30 minutes and 24 hours from Checkout Session creation.",
        "expires_at",
      );
    const amount = items.reduce((sum, item) => sum + Number(this.price(item.price).unit_amount) * Number(item.quantity ?? 1), 0);
    const id = stripeId("cs_test", 58);
    return this.put({
      id,
      object: "checkout.session",
      created: now,
      mode,
      status: "open",
      payment_status: "unpaid",
      url: `${this.origin}/c/pay/${id}`,
      success_url: params.success_url ?? null,
      cancel_url: params.cancel_url ?? null,
      client_reference_id: params.client_reference_id ?? null,
      customer: customerId,
      customer_email: params.customer_email ?? null,
      metadata: cleanMetadata(params.metadata),
      amount_subtotal: amount,
      amount_total: amount,
      currency: "usd",
      expires_at: expiresAt,
      livemode: false,
      payment_intent: null,
      subscription: null,
      invoice: null,
      setup_intent: null,
      // Private to the double: what completion needs.
      _lineItems: items.map((item) => ({ price: item.price, quantity: Number(item.quantity ?? 1) })),
      _paymentIntentData: params.payment_intent_data ?? null,
      _subscriptionData: params.subscription_data ?? null,
    });
  }

  session(id: string): Obj {
    const session = this.get(id);
    if (!session || session.object !== "checkout.session") throw missingResource("checkout.session", id);
    if (session.status === "open" && this.now(session.customer as string | null) > Number(session.expires_at)) this.expireSession(session);
    return session;
  }

  expireSession(session: Obj) {
    if (session.status !== "open")
      throw invalidRequest(
        `Only Checkout Sessions with a status in ["open"] can be expired. This Checkout Session has a status of "${session.status}".`,
      );
    Object.assign(session, { status: "expired", url: null });
    this.emit("checkout.session.expired", publicView(session));
  }

  sessionLineItems(session: Obj): List<Obj> {
    const items = session._lineItems as { price: string; quantity: number }[];
    return list(
      `/v1/checkout/sessions/${session.id}/line_items`,
      items.map((item) => {
        const price = this.price(item.price);
        const amount = Number(price.unit_amount) * item.quantity;
        return {
          id: stripeId("li"),
          object: "item",
          amount_discount: 0,
          amount_subtotal: amount,
          amount_tax: 0,
          amount_total: amount,
          currency: "usd",
          description: this.productName(String(price.product)),
          price,
          quantity: item.quantity,
          created: session.created,
        };
      }),
    );
  }

  /**
   * The buyer pressed Pay on the hosted page with a card. Returns where the browser goes,
   * or why the page stays (a decline) or asks for authentication first.
   */
  completeSession(
    sessionId: string,
    cardNumber: string,
    authenticated = false,
  ): { redirect: string } | { decline: string } | { authenticate: true } {
    const session = this.session(sessionId);
    if (session.status !== "open") return { decline: "This Checkout Session is no longer active." };
    const customerId =
      (session.customer as string | null) ?? this.createCustomer({ email: (session.customer_email as string | null) ?? undefined }).id;
    const method = this.cardPaymentMethod(cardNumber, null);
    if ("error" in method) return { decline: DECLINE_MESSAGES[String(method.error)] };
    const behaviour = this.behaviour(method.id);
    if ((behaviour === "authenticate_once" || behaviour === "authenticate_always") && !authenticated) {
      session._pendingCard = cardNumber;
      return { authenticate: true };
    }
    // A card that attaches but whose charges fail (4000000000000341) fails Checkout too: it charges at once.
    if (behaviour === "declined" || behaviour === "attach_then_decline") {
      if (session.mode === "payment") this.failedPaymentIntent(session, customerId, method.id);
      return { decline: DECLINE_MESSAGES[this.declineCode(method.id)] };
    }
    session.customer = customerId;
    const lineItems = session._lineItems as { price: string; quantity: number }[];
    if (session.mode === "subscription") {
      this.attach(method.id, customerId, true);
      const subscriptionData = (session._subscriptionData ?? {}) as { metadata?: Record<string, string> };
      const subscription = this.createSubscription(customerId, lineItems[0].price, method.id, subscriptionData.metadata);
      Object.assign(session, {
        subscription: subscription.id,
        invoice: subscription.latest_invoice,
        status: "complete",
        payment_status: "paid",
        url: null,
      });
    } else {
      const data = (session._paymentIntentData ?? {}) as {
        metadata?: Record<string, string>;
        setup_future_usage?: string;
        description?: string;
      };
      if (data.setup_future_usage) this.attach(method.id, customerId, false);
      const intent = this.succeededPaymentIntent({
        amount: Number(session.amount_total),
        customerId,
        methodId: method.id,
        metadata: data.metadata,
        description: data.description,
        setupFutureUsage: data.setup_future_usage ?? null,
      });
      Object.assign(session, { payment_intent: intent.id, status: "complete", payment_status: "paid", url: null });
    }
    delete session._pendingCard;
    this.emit("checkout.session.completed", publicView(session));
    const success = String(session.success_url ?? `${this.origin}/c/done`).replaceAll("{CHECKOUT_SESSION_ID}", session.id);
    return { redirect: success };
  }

  // --- payments ------------------------------------------------------------------

  private succeededPaymentIntent(input: {
    amount: number;
    customerId: string;
    methodId: string;
    metadata?: Record<string, string>;
    description?: string;
    setupFutureUsage?: string | null;
    invoice?: string;
  }): Obj {
    const now = this.now(input.customerId);
    const intent = this.put({
      id: stripeId("pi"),
      object: "payment_intent",
      created: now,
      amount: input.amount,
      amount_received: input.amount,
      currency: "usd",
      customer: input.customerId,
      description: input.description ?? null,
      livemode: false,
      metadata: cleanMetadata(input.metadata),
      payment_method: input.methodId,
      setup_future_usage: input.setupFutureUsage ?? null,
      status: "succeeded",
      last_payment_error: null,
      latest_charge: null as string | null,
      client_secret: `${stripeId("pi")}_secret_${stripeId("s", 16)}`,
    });
    this.emit("payment_intent.created", { ...intent, status: "requires_confirmation", amount_received: 0 });
    const chargeId = stripeId("ch");
    const charge = this.put({
      id: chargeId,
      object: "charge",
      created: now,
      amount: input.amount,
      amount_captured: input.amount,
      amount_refunded: 0,
      captured: true,
      currency: "usd",
      customer: input.customerId,
      description: input.description ?? null,
      livemode: false,
      metadata: {},
      paid: true,
      payment_intent: intent.id,
      payment_method: input.methodId,
      refunded: false,
      status: "succeeded",
      receipt_url: `${this.origin}/r/${chargeId}`,
    });
    intent.latest_charge = charge.id;
    this.emit("charge.succeeded", charge);
    this.emit("payment_intent.succeeded", intent);
    return intent;
  }

  private failedPaymentIntent(session: Obj, customerId: string, methodId: string) {
    const declineCode: string = this.declineCode(methodId);
    const intent = this.put({
      id: stripeId("pi"),
      object: "payment_intent",
      created: this.now(customerId),
      amount: session.amount_total,
      amount_received: 0,
      currency: "usd",
      customer: customerId,
      livemode: false,
      metadata: cleanMetadata(((session._paymentIntentData ?? {}) as { metadata?: Record<string, string> }).metadata),
      payment_method: null,
      status: "requires_payment_method",
      last_payment_error: {
        type: "card_error",
        code: "card_declined",
        decline_code: declineCode,
        message: DECLINE_MESSAGES[declineCode],
        payment_method: { id: methodId },
      },
      latest_charge: null,
    });
    this.emit("payment_intent.payment_failed", intent);
  }

  /** POST /v1/payment_intents. With confirm and off_session: charges the saved card now, or 402. */
  createPaymentIntent(params: Record<string, any>): Obj {
    const amount = Number(params.amount);
    if (amount < 50) throw invalidRequest("Amount must be at least $0.50 usd", "amount", "amount_too_small");
    if (params.currency !== "usd")
      throw invalidRequest(`Invalid currency: ${params.currency}. Stripe currently supports these currencies: usd`, "currency");
    if (params.off_session !== undefined && params.confirm !== "true")
      throw invalidRequest("You may only specify `off_session` when confirming the PaymentIntent (`confirm=true`).", "off_session");
    const customerId = params.customer as string | undefined;
    if (customerId) this.customer(customerId);
    const methodId = params.payment_method as string | undefined;
    const method = methodId ? this.get(methodId) : undefined;
    if (methodId && (!method || method.object !== "payment_method")) throw missingResource("payment_method", methodId, "payment_method");
    if (method && method.customer !== customerId) {
      throw invalidRequest(
        "The provided PaymentMethod was previously used with a PaymentIntent without Customer attachment, shared with a connected account without Customer attachment, or was detached from a Customer. It may not be used again.",
        "payment_method",
      );
    }
    if (params.confirm !== "true" || !method || !customerId) {
      return this.put({
        id: stripeId("pi"),
        object: "payment_intent",
        created: this.now(customerId),
        amount,
        amount_received: 0,
        currency: "usd",
        customer: customerId ?? null,
        livemode: false,
        metadata: cleanMetadata(params.metadata),
        payment_method: methodId ?? null,
        status: methodId ? "requires_confirmation" : "requires_payment_method",
        last_payment_error: null,
        latest_charge: null,
      });
    }
    const behaviour = this.behaviour(method.id);
    const offSession = params.off_session === "true";
    const needsAuthentication = behaviour === "authenticate_always" || (behaviour === "authenticate_once" && !offSession);
    if (behaviour === "succeeds" || behaviour === "authenticate_once") {
      if (!needsAuthentication)
        return this.succeededPaymentIntent({
          amount,
          customerId,
          methodId: method.id,
          metadata: params.metadata,
          description: params.description,
        });
    }
    const code = needsAuthentication ? "authentication_required" : "card_declined";
    const declineCode: string = needsAuthentication ? "authentication_required" : this.declineCode(method.id);
    const intent = this.put({
      id: stripeId("pi"),
      object: "payment_intent",
      created: this.now(customerId),
      amount,
      amount_received: 0,
      currency: "usd",
      customer: customerId,
      livemode: false,
      metadata: cleanMetadata(params.metadata),
      payment_method: null,
      status: "requires_payment_method",
      last_payment_error: {
        type: "card_error",
        code,
        decline_code: declineCode,
        message: DECLINE_MESSAGES[declineCode],
        payment_method: publicView(method),
      },
      latest_charge: null,
    });
    this.emit("payment_intent.created", { ...intent, status: "requires_confirmation", last_payment_error: null });
    this.emit("payment_intent.payment_failed", intent);
    throw new StripeApiError(402, {
      type: "card_error",
      code,
      decline_code: declineCode,
      message: DECLINE_MESSAGES[declineCode],
      param: "",
      payment_intent: publicView(intent),
    });
  }

  /** POST /v1/refunds: the whole charge unless an amount is named. */
  refund(params: Record<string, any>): Obj {
    const intent = params.payment_intent ? this.get(String(params.payment_intent)) : undefined;
    if (params.payment_intent && !intent) throw missingResource("payment_intent", params.payment_intent, "payment_intent");
    const chargeId = params.charge ?? intent?.latest_charge;
    if (!chargeId)
      throw invalidRequest("One of the following params should be provided for this request: payment_intent or charge.", "charge");
    const charge = this.get(String(chargeId));
    if (!charge || charge.object !== "charge") throw missingResource("charge", String(chargeId), "charge");
    const left = Number(charge.amount) - Number(charge.amount_refunded);
    const amount = params.amount ? Number(params.amount) : left;
    if (amount <= 0 || amount > left)
      throw invalidRequest(
        `Refund amount ($${(amount / 100).toFixed(2)}) is greater than unrefunded amount on charge ($${(left / 100).toFixed(2)})`,
        "amount",
      );
    const customerId = charge.customer as string | null;
    const refund = this.put({
      id: stripeId("re"),
      object: "refund",
      created: this.now(customerId),
      amount,
      charge: charge.id,
      currency: "usd",
      metadata: cleanMetadata(params.metadata),
      payment_intent: charge.payment_intent,
      reason: params.reason ?? null,
      status: "succeeded",
    });
    const previous = { amount_refunded: charge.amount_refunded, refunded: charge.refunded };
    charge.amount_refunded = Number(charge.amount_refunded) + amount;
    charge.refunded = charge.amount_refunded === charge.amount;
    this.emit("refund.created", refund);
    this.emit("charge.refunded", charge, previous);
    return refund;
  }

  // --- subscriptions and invoices --------------------------------------------------

  private createSubscription(customerId: string, priceId: string, methodId: string, metadata?: Record<string, string>): Obj {
    const now = this.now(customerId);
    const id = stripeId("sub");
    const subscription = this.put({
      id,
      object: "subscription",
      created: now,
      start_date: now,
      billing_cycle_anchor: now,
      cancel_at: null,
      cancel_at_period_end: false,
      canceled_at: null,
      ended_at: null,
      collection_method: "charge_automatically",
      currency: "usd",
      customer: customerId,
      default_payment_method: methodId,
      items: list(`/v1/subscription_items?subscription=${id}`, [this.subscriptionItem(id, priceId, now, addMonth(now))]),
      latest_invoice: null as string | null,
      livemode: false,
      metadata: cleanMetadata(metadata),
      status: "active",
      test_clock: this.customer(customerId).test_clock,
      trial_end: null,
      trial_start: null,
      cancellation_details: { comment: null, feedback: null, feedback_option: null, reason: null } as {
        comment: string | null;
        feedback: string | null;
        feedback_option: string | null;
        reason: string | null;
      },
    });
    const invoice = this.periodInvoice(subscription, "subscription_create", now, addMonth(now));
    this.emit("customer.subscription.created", subscription);
    this.payInvoice(invoice, methodId);
    return subscription;
  }

  private subscriptionItem(subscriptionId: string, priceId: string, start: number, end: number) {
    return {
      id: stripeId("si", 14),
      object: "subscription_item",
      created: start,
      current_period_start: start,
      current_period_end: end,
      metadata: {},
      price: this.price(priceId),
      quantity: 1,
      subscription: subscriptionId,
    };
  }

  private item(subscription: Obj) {
    return (subscription.items as List<ReturnType<StripeState["subscriptionItem"]>>).data[0];
  }

  /** A line of a subscription invoice: the item's price for a period, or a proration of it (signed). */
  private invoiceLine(subscription: Obj, price: Obj, amount: number, period: { start: number; end: number }, proration: string | null) {
    return {
      id: stripeId("il"),
      object: "line_item",
      amount,
      currency: "usd",
      description: proration ?? `1 × ${this.productName(String(price.product))}`,
      livemode: false,
      metadata: {},
      parent: {
        type: "subscription_item_details",
        subscription_item_details: {
          subscription: subscription.id,
          subscription_item: this.item(subscription).id,
          proration: proration !== null,
        },
      },
      period,
      pricing: {
        type: "price_details",
        price_details: { price: price.id, product: price.product },
        unit_amount_decimal: String(price.unit_amount),
      },
      quantity: 1,
      subscription: subscription.id,
      subtotal: amount,
    };
  }

  /**
   * Finalizes an invoice of the subscription. The customer's credit balance (negative:
   * owed to the customer, e.g. a downgrade's unused time) pays what it can first, as
   * Stripe applies it.
   */
  private invoice(
    subscription: Obj,
    reason: string,
    lines: ReturnType<StripeState["invoiceLine"]>[],
    periodStart: number,
    periodEnd: number,
  ): Obj {
    const customerId = String(subscription.customer);
    const customer = this.customer(customerId);
    const id = stripeId("in");
    this.invoiceSequence += 1;
    const total = lines.reduce((sum, line) => sum + line.amount, 0);
    const startingBalance = Number(customer.balance);
    // The balance joins the total: what is left over negative (a credit) stays on the customer.
    const net = total + startingBalance;
    customer.balance = Math.min(0, net);
    const due = Math.max(0, net);
    const invoice = this.put({
      id,
      object: "invoice",
      created: this.now(customerId),
      amount_due: due,
      amount_paid: 0,
      amount_remaining: due,
      attempt_count: 0,
      attempted: false,
      auto_advance: true,
      billing_reason: reason,
      collection_method: "charge_automatically",
      currency: "usd",
      customer: customerId,
      hosted_invoice_url: `${this.origin}/i/${id}`,
      invoice_pdf: `${this.origin}/i/${id}/pdf`,
      lines: list(
        `/v1/invoices/${id}/lines`,
        lines.map((line) => ({ ...line, invoice: id })),
      ),
      livemode: false,
      metadata: {},
      next_payment_attempt: null as number | null,
      number: `${customerId.slice(4, 12).toUpperCase()}-${String(this.invoiceSequence).padStart(4, "0")}`,
      parent: {
        type: "subscription_details",
        quote_details: null,
        subscription_details: { metadata: subscription.metadata, subscription: subscription.id },
      },
      period_start: periodStart,
      period_end: periodEnd,
      starting_balance: startingBalance,
      ending_balance: Number(customer.balance),
      status: "open",
      status_transitions: {
        finalized_at: this.now(customerId),
        marked_uncollectible_at: null,
        paid_at: null as number | null,
        voided_at: null,
      },
      subtotal: total,
      total,
    });
    subscription.latest_invoice = id;
    this.emit("invoice.created", invoice);
    this.emit("invoice.finalized", invoice);
    return invoice;
  }

  /** The subscription's own invoice for a period at its item's price. */
  private periodInvoice(subscription: Obj, reason: string, periodStart: number, periodEnd: number): Obj {
    const price = this.item(subscription).price;
    return this.invoice(
      subscription,
      reason,
      [this.invoiceLine(subscription, price, Number(price.unit_amount), { start: periodStart, end: periodEnd }, null)],
      periodStart,
      periodEnd,
    );
  }

  /** Charges the invoice to the card; true when paid. Each payment is an invoice_payment linking the invoice to its PaymentIntent. */
  private payInvoice(invoice: Obj, methodId: string | null): boolean {
    const customerId = String(invoice.customer);
    const now = this.now(customerId);
    invoice.attempt_count = Number(invoice.attempt_count) + 1;
    invoice.attempted = true;
    const behaviour = methodId ? this.behaviour(methodId) : "declined";
    if (Number(invoice.amount_due) === 0 || (methodId && (behaviour === "succeeds" || behaviour === "authenticate_once"))) {
      if (Number(invoice.amount_due) > 0) {
        const intent = this.succeededPaymentIntent({
          amount: Number(invoice.amount_due),
          customerId,
          methodId: methodId!,
          description: invoice.billing_reason === "subscription_create" ? "Subscription creation" : "Subscription update",
        });
        this.put({
          id: stripeId("inpay"),
          object: "invoice_payment",
          created: now,
          amount_paid: invoice.amount_due,
          amount_requested: invoice.amount_due,
          currency: "usd",
          invoice: invoice.id,
          is_default: true,
          livemode: false,
          payment: { type: "payment_intent", payment_intent: intent.id },
          status: "paid",
          status_transitions: { canceled_at: null, paid_at: now },
        });
      }
      Object.assign(invoice, { status: "paid", amount_paid: invoice.amount_due, amount_remaining: 0, next_payment_attempt: null });
      (invoice.status_transitions as { paid_at: number | null }).paid_at = now;
      this.emit("invoice.paid", invoice);
      this.emit("invoice.payment_succeeded", invoice);
      return true;
    }
    const retry = RETRY_DAYS[Number(invoice.attempt_count) - 1];
    invoice.next_payment_attempt = retry ? now + retry * 86400 : null;
    this.emit("invoice.payment_failed", invoice);
    return false;
  }

  subscription(id: string): Obj {
    const subscription = this.get(id);
    if (!subscription || subscription.object !== "subscription") throw missingResource("subscription", id);
    return subscription;
  }

  /** The portal's cancel (at the end of the period) and its undo. */
  setCancelAtPeriodEnd(subscriptionId: string, cancel: boolean) {
    const subscription = this.subscription(subscriptionId);
    if (!["active", "trialing", "past_due"].includes(String(subscription.status))) return;
    const previous = {
      cancel_at_period_end: subscription.cancel_at_period_end,
      cancel_at: subscription.cancel_at,
      canceled_at: subscription.canceled_at,
      cancellation_details: structuredClone(subscription.cancellation_details),
    };
    const now = this.now(String(subscription.customer));
    Object.assign(
      subscription,
      cancel
        ? { cancel_at_period_end: true, cancel_at: this.item(subscription).current_period_end, canceled_at: now }
        : { cancel_at_period_end: false, cancel_at: null, canceled_at: null },
    );
    this.cancellation(subscription).reason = cancel ? "cancellation_requested" : null;
    this.emit("customer.subscription.updated", subscription, previous);
  }

  private cancellation(subscription: Obj) {
    return subscription.cancellation_details as { comment: string | null; feedback: string | null; reason: string | null };
  }

  /**
   * DELETE /v1/subscriptions/:id: cancels now, with the caller's comment and feedback. As
   * Stripe does by default, the customer's open invoices stop being collected
   * (auto_advance false) and stay open. A subscription already ended is gone: 404.
   */
  cancelSubscription(id: string, params: Record<string, any>): Obj {
    const subscription = this.subscription(id);
    if (["canceled", "incomplete_expired"].includes(String(subscription.status))) throw missingResource("subscription", id);
    if (params.invoice_now === "true" || params.prorate === "true")
      throw new Error("The Stripe double does not model invoice_now or prorate on cancel.");
    const now = this.now(String(subscription.customer));
    const previous = { status: subscription.status, canceled_at: subscription.canceled_at, ended_at: subscription.ended_at };
    const details = (params.cancellation_details ?? {}) as { comment?: string; feedback?: string };
    Object.assign(subscription, { status: "canceled", canceled_at: now, ended_at: now, cancel_at_period_end: false });
    Object.assign(this.cancellation(subscription), {
      comment: details.comment || null,
      feedback: details.feedback || null,
      reason: "cancellation_requested",
    });
    for (const invoice of this.all("invoice").filter((i) => i.customer === subscription.customer && i.status === "open"))
      invoice.auto_advance = false;
    this.emit("customer.subscription.deleted", subscription, previous);
    return subscription;
  }

  /** POST /v1/invoices/:id/mark_uncollectible: an open invoice is written off (it can still be paid later, as in Stripe). */
  markUncollectible(id: string): Obj {
    const invoice = this.invoiceById(id);
    if (invoice.status !== "open")
      throw invalidRequest(`You can only mark an invoice as uncollectible if it is open. This invoice has a status of ${invoice.status}.`);
    Object.assign(invoice, {
      status: "uncollectible",
      auto_advance: false,
      next_payment_attempt: null,
      status_details: { uncollectible: { reason: "user_forgiven" } },
    });
    (invoice.status_transitions as { marked_uncollectible_at: number | null }).marked_uncollectible_at = this.now(String(invoice.customer));
    this.emit("invoice.marked_uncollectible", invoice);
    return invoice;
  }

  invoiceById(id: string): Obj {
    const invoice = this.get(id);
    if (!invoice || invoice.object !== "invoice") throw missingResource("invoice", id);
    return invoice;
  }

  /**
   * The portal's plan change, as a portal configured to prorate and invoice at once does
   * (proration_behavior always_invoice): the new price from now; the unused time of the old
   * price is credited and the rest of the period at the new price charged, to the second,
   * on an invoice of billing_reason subscription_update finalized and paid now. A
   * downgrade's net credit goes to the customer's balance and pays the next invoices.
   */
  switchPrice(subscriptionId: string, priceId: string) {
    const subscription = this.subscription(subscriptionId);
    const item = this.item(subscription);
    const price = this.price(priceId);
    if (item.price.id === price.id || subscription.status !== "active") return;
    const now = this.now(String(subscription.customer));
    const share = (item.current_period_end - now) / (item.current_period_end - item.current_period_start);
    const period = { start: now, end: item.current_period_end };
    const old = item.price;
    const lines = [
      this.invoiceLine(
        subscription,
        old,
        -Math.round(Number(old.unit_amount) * share),
        period,
        `Unused time on ${this.productName(String(old.product))}`,
      ),
      this.invoiceLine(
        subscription,
        price,
        Math.round(Number(price.unit_amount) * share),
        period,
        `Remaining time on ${this.productName(String(price.product))}`,
      ),
    ];
    const previous = { items: structuredClone(subscription.items) };
    item.price = price;
    this.emit("customer.subscription.updated", subscription, previous);
    const invoice = this.invoice(subscription, "subscription_update", lines, now, item.current_period_end);
    this.payInvoice(invoice, String(subscription.default_payment_method));
  }

  /** A new card from the portal: the default for the customer and its subscriptions. */
  replaceCard(customerId: string, cardNumber: string): string | null {
    const method = this.cardPaymentMethod(cardNumber, null);
    if ("error" in method) return DECLINE_MESSAGES[String(method.error)];
    if (this.behaviour(method.id) === "declined") return DECLINE_MESSAGES[this.declineCode(method.id)];
    this.attach(method.id, customerId, true);
    for (const subscription of this.all("subscription").filter((s) => s.customer === customerId && s.status !== "canceled"))
      subscription.default_payment_method = method.id;
    return null;
  }

  /** Moves a test clock forward and lets everything that was due happen, in time order. */
  advanceClock(clockId: string, frozenTime: number): Obj {
    const clock = this.clock(clockId);
    if (frozenTime <= Number(clock.frozen_time))
      throw invalidRequest("The test clock's `frozen_time` must be after its current frozen time.", "frozen_time");
    const customers = this.all("customer").filter((c) => c.test_clock === clockId);
    for (;;) {
      const due = this.nextDue(
        customers.map((c) => c.id),
        frozenTime,
      );
      if (!due) break;
      clock.frozen_time = due.at;
      due.run();
    }
    clock.frozen_time = frozenTime;
    clock.status = "ready";
    this.emit("test_helpers.test_clock.ready", clock);
    return clock;
  }

  private nextDue(customerIds: string[], until: number): { at: number; run: () => void } | null {
    let next: { at: number; run: () => void } | null = null;
    for (const subscription of this.all("subscription").filter((s) => customerIds.includes(String(s.customer)))) {
      const candidates: { at: number; run: () => void }[] = [];
      const end = this.item(subscription).current_period_end;
      if (["active", "past_due"].includes(String(subscription.status)))
        candidates.push({ at: end, run: () => this.endPeriod(subscription) });
      const open = subscription.latest_invoice ? this.get(String(subscription.latest_invoice)) : undefined;
      if (subscription.status === "past_due" && open?.status === "open" && open.next_payment_attempt)
        candidates.push({ at: Number(open.next_payment_attempt), run: () => this.retryInvoice(subscription, open) });
      for (const candidate of candidates) if (candidate.at <= until && (!next || candidate.at < next.at)) next = candidate;
    }
    return next;
  }

  private endPeriod(subscription: Obj) {
    const item = this.item(subscription);
    const end = item.current_period_end;
    if (subscription.cancel_at_period_end) {
      Object.assign(subscription, { status: "canceled", ended_at: end });
      this.emit("customer.subscription.deleted", subscription);
      return;
    }
    const previous = { items: structuredClone(subscription.items), status: subscription.status };
    item.current_period_start = end;
    item.current_period_end = addMonth(end);
    const invoice = this.periodInvoice(subscription, "subscription_cycle", end, item.current_period_end);
    const paid = this.payInvoice(invoice, subscription.default_payment_method as string | null);
    subscription.status = paid ? "active" : "past_due";
    this.emit("customer.subscription.updated", subscription, previous);
  }

  private retryInvoice(subscription: Obj, invoice: Obj) {
    const paid = this.payInvoice(invoice, subscription.default_payment_method as string | null);
    if (paid) {
      subscription.status = "active";
      this.emit("customer.subscription.updated", subscription, { status: "past_due" });
    } else if (!invoice.next_payment_attempt) {
      const after = this.options.afterRetries ?? "canceled";
      if (after === "canceled") {
        // Collection stops; the unpaid invoice stays open (Stripe's default when a subscription is canceled).
        Object.assign(subscription, {
          status: "canceled",
          ended_at: this.now(String(subscription.customer)),
          canceled_at: this.now(String(subscription.customer)),
        });
        this.cancellation(subscription).reason = "payment_failed";
        invoice.auto_advance = false;
        this.emit("customer.subscription.deleted", subscription);
      } else {
        subscription.status = "unpaid";
        this.emit("customer.subscription.updated", subscription, { status: "past_due" });
      }
    }
  }

  createPortalSession(params: { customer: string; return_url?: string }): Obj {
    this.customer(params.customer);
    const id = stripeId("bps");
    return this.put({
      id,
      object: "billing_portal.session",
      created: this.now(params.customer),
      customer: params.customer,
      livemode: false,
      return_url: params.return_url ?? null,
      url: `${this.origin}/p/session/${id}`,
      configuration: "bpc_default",
      flow: null,
      locale: null,
      on_behalf_of: null,
    });
  }
}

/** Metadata as Stripe keeps it: an empty value unsets the key. */
function cleanMetadata(metadata?: Record<string, string> | string): Record<string, string> {
  if (!metadata || typeof metadata === "string") return {};
  return Object.fromEntries(Object.entries(metadata).filter(([, value]) => value !== ""));
}

export function list<T>(url: string, data: T[]): List<T> {
  return { object: "list", data, has_more: false, url };
}

/** The object as the API shows it: the double's private fields (a leading underscore) left out. */
export function publicView<T extends Obj>(object: T): T {
  return Object.fromEntries(Object.entries(object).filter(([key]) => !key.startsWith("_"))) as T;
}
