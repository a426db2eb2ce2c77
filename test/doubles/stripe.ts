/**
 * A local test double of Stripe's API (v1) for the endpoints Atrium's billing uses, as
 * strict as Stripe's published contract (facts: docs/billing.md; the offline contract: the
 * `stripe` package's types, read by stripe-contract.ts):
 *
 * - Bearer auth with the double's `sk_test_…` key, else 401; the `Stripe-Version` header
 *   must be the version the installed library pins, else 400;
 * - form-encoded nested parameters (`line_items[0][price]`, `expand[0]`, `metadata[k]`),
 *   decoded with qs; a parameter the library's types do not declare for the method, or a
 *   required one left out, is refused with 400 and Stripe's error body
 *   (`{error:{type,code,message,param,doc_url}}`), as are Stripe's own rules the types
 *   cannot say (a recurring price in payment mode, off_session without confirm, …);
 * - Idempotency-Key on POST: the same parameters replay the stored answer with
 *   `Idempotent-Replayed: true`; other parameters under the key get 400 `idempotency_error`;
 *   validation failures are not stored;
 * - lists with limit / starting_after / ending_before, newest first; `expand`;
 * - hosted Checkout, 3-D Secure and Customer Portal pages a browser completes
 *   (stripe-pages.ts; Stripe's test cards decide success, decline or authentication);
 * - signed webhook deliveries with duplicates, overtaking and late arrivals, retried on
 *   failure (stripe-webhooks.ts);
 * - a test clock per customer: advancing it renews, fails, retries or ends subscriptions.
 *
 * Start it in process (`startStripeDouble`) or as a process of its own (test/doubles/stripe-main.ts).
 */
import crypto from "node:crypto";
import qs from "qs";
import Stripe from "stripe";
import { checkParams, paramsShape } from "./stripe-contract";
import { servePage } from "./stripe-pages";
import {
  invalidRequest,
  list,
  missingResource,
  publicView,
  StripeApiError,
  StripeState,
  type CatalogueEntry,
  type Obj,
} from "./stripe-state";
import { WebhookDeliverer, type Delivery, type DeliveryOptions } from "./stripe-webhooks";
import { sendJson, startDoubleServer, type RecordedRequest } from "./server";

export interface StripeDoubleOptions {
  port?: number;
  secretKey?: string;
  webhookSecret?: string;
  /** Where events are POSTed (the app's /api/stripe/webhook); unset, events are only kept. */
  webhookUrl?: string;
  delivery?: DeliveryOptions;
  catalogue?: CatalogueEntry[];
  afterRetries?: "canceled" | "unpaid";
}

export interface StripeDouble {
  origin: string;
  secretKey: string;
  webhookSecret: string;
  apiVersion: string;
  state: StripeState;
  requests: RecordedRequest[];
  deliveries: Delivery[];
  setWebhookUrl(url: string | null): void;
  setDelivery(options: DeliveryOptions): void;
  /** A delivery's body and signature, for tests that send (or forge) one themselves. */
  sign(event: Obj, options?: { secret?: string; timestamp?: number }): { payload: string; header: string };
  /** Resolves when every scheduled delivery has been made. */
  idle(): Promise<void>;
  close(): Promise<void>;
}

type Params = Record<string, any>;
interface Route {
  method: "GET" | "POST" | "DELETE";
  pattern: RegExp;
  /** The library's params type: file under esm/resources, and its name there. */
  params: [string, string];
  run(params: Params, ids: string[]): Obj | ReturnType<typeof list>;
}

const DOC_URL = "https://stripe.com/docs/error-codes";

export async function startStripeDouble(options: StripeDoubleOptions = {}): Promise<StripeDouble> {
  const secretKey = options.secretKey ?? `sk_test_${crypto.randomBytes(12).toString("hex")}`;
  const webhookSecret = options.webhookSecret ?? `whsec_${crypto.randomBytes(16).toString("hex")}`;
  const apiVersion = Stripe.API_VERSION;
  const state = new StripeState({ apiVersion, catalogue: options.catalogue, afterRetries: options.afterRetries });
  const deliverer = new WebhookDeliverer(new Stripe(secretKey), webhookSecret);
  deliverer.url = options.webhookUrl ?? null;
  if (options.delivery) deliverer.options = { ...deliverer.options, ...options.delivery };
  state.onEvent((event) => deliverer.enqueue(event));
  const routes = apiRoutes(state);
  // Read the library's types before the first request (a few seconds), not during it.
  for (const route of routes) paramsShape(...route.params);
  const idempotency = new Map<string, { fingerprint: string; status: number; body: unknown }>();

  const server = await startDoubleServer(async (request, res) => {
    const url = new URL(request.path, "http://double");
    if (!url.pathname.startsWith("/v1/")) {
      const form = new URLSearchParams(request.raw.toString("utf8"));
      if (servePage(state, request.method, url, form, res)) return;
      return sendJson(res, 404, {
        error: { type: "invalid_request_error", message: `Unrecognized request URL (${request.method}: ${url.pathname}).` },
      });
    }
    const requestId = `req_${crypto.randomBytes(7).toString("hex")}`;
    const answer = (status: number, body: unknown, extra: Record<string, string> = {}) =>
      sendJson(res, status, body, { "request-id": requestId, "stripe-version": apiVersion, ...extra });
    const fail = (error: StripeApiError) =>
      answer(error.status, {
        error: {
          ...error.error,
          doc_url: `${DOC_URL}#${error.error.code ?? error.error.type}`,
          request_log_url: `https://dashboard.stripe.com/test/logs/${requestId}`,
        },
      });

    const auth = authProblem(request, secretKey);
    if (auth) return fail(auth);
    if (request.headers["stripe-version"] !== apiVersion) {
      return fail(
        invalidRequest(
          `Invalid Stripe API version: ${request.headers["stripe-version"] ?? "(none)"}. This double serves ${apiVersion}, the version stripe@${Stripe.PACKAGE_VERSION} pins.`,
          undefined,
          "api_version_invalid",
        ),
      );
    }
    const route = routes.find((r) => r.method === request.method && r.pattern.test(url.pathname));
    if (!route)
      return fail(
        new StripeApiError(404, {
          type: "invalid_request_error",
          message: `Unrecognized request URL (${request.method}: ${url.pathname}).`,
        }),
      );
    if (
      request.method === "POST" &&
      request.raw.length > 0 &&
      !String(request.headers["content-type"] ?? "").startsWith("application/x-www-form-urlencoded")
    ) {
      return fail(invalidRequest("Invalid request: request parameters should be form-encoded (application/x-www-form-urlencoded)."));
    }
    // GET and DELETE carry their parameters in the query string, as the library sends them.
    const encoded = request.method === "POST" ? request.raw.toString("utf8") : url.search.slice(1);
    const params = qs.parse(encoded, { arrayLimit: 1000, depth: 10, parameterLimit: 10_000 }) as Params;
    const problem = checkParams(params, paramsShape(...route.params));
    if (problem)
      return fail(
        invalidRequest(
          problem.message,
          problem.param,
          problem.message.startsWith("Received unknown")
            ? "parameter_unknown"
            : problem.message.startsWith("Missing")
              ? "parameter_missing"
              : "parameter_invalid",
        ),
      );

    const key = request.method === "POST" ? (request.headers["idempotency-key"] as string | undefined) : undefined;
    const fingerprint = `${request.method} ${url.pathname} ${JSON.stringify(params)}`;
    if (key) {
      if (key.length > 255)
        return fail(invalidRequest("Idempotency keys can be at most 255 characters long.", undefined, "idempotency_key_in_use"));
      const stored = idempotency.get(key);
      if (stored && stored.fingerprint !== fingerprint) {
        return fail(
          new StripeApiError(400, {
            type: "idempotency_error",
            message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${key}' if you meant to execute a different request.`,
          }),
        );
      }
      if (stored) return answer(stored.status, stored.body, { "idempotent-replayed": "true", ...(key ? { "idempotency-key": key } : {}) });
    }
    let status = 200;
    let body: unknown;
    try {
      const ids = route.pattern.exec(url.pathname)!.slice(1);
      body = expand(state, route.run(params, ids), (params.expand ?? []) as string[]);
    } catch (error) {
      if (!(error instanceof StripeApiError)) throw error;
      // Refused before anything ran: nothing is kept under the key, so it can be retried.
      if (error.status !== 402) return fail(error);
      status = error.status;
      body = { error: { ...error.error, doc_url: `${DOC_URL}#${error.error.code}` } };
    }
    if (key) idempotency.set(key, { fingerprint, status, body });
    return answer(status, body, key ? { "idempotency-key": key } : {});
  }, options.port ?? 0);
  state.origin = server.origin;

  return {
    origin: server.origin,
    secretKey,
    webhookSecret,
    apiVersion,
    state,
    requests: server.requests,
    deliveries: deliverer.deliveries,
    setWebhookUrl: (url) => void (deliverer.url = url),
    setDelivery: (delivery) => void (deliverer.options = { ...deliverer.options, ...delivery }),
    sign: (event, signOptions) => deliverer.sign(event, signOptions),
    idle: () => deliverer.idle(),
    async close() {
      deliverer.close();
      await server.close();
    },
  };
}

function authProblem(request: RecordedRequest, secretKey: string): StripeApiError | null {
  const header = request.headers.authorization;
  const key = header?.startsWith("Bearer ") ? header.slice(7) : null;
  if (!key) {
    return new StripeApiError(401, {
      type: "invalid_request_error",
      message:
        "You did not provide an API key. You need to provide your API key in the Authorization header, using Bearer auth (e.g. 'Authorization: Bearer YOUR_SECRET_KEY').",
    });
  }
  if (!key.startsWith("sk_test_") || key !== secretKey) {
    return new StripeApiError(401, {
      type: "invalid_request_error",
      code: "api_key_invalid",
      message: `Invalid API Key provided: ${key.slice(0, 8)}${"*".repeat(Math.max(0, key.length - 12))}${key.slice(-4)}`,
    });
  }
  return null;
}

/** Lists as Stripe pages them: newest first, limit 1–100 (10), starting_after / ending_before. */
function paged<T extends Obj>(url: string, items: T[], params: Params) {
  const limit = params.limit === undefined ? 10 : Number(params.limit);
  if (!Number.isInteger(limit) || limit < 1 || limit > 100)
    throw invalidRequest("Invalid integer: limit must be between 1 and 100.", "limit");
  if (params.starting_after && params.ending_before)
    throw invalidRequest("You may only specify one of these parameters: ending_before, starting_after.", "ending_before");
  let start = 0;
  let end = items.length;
  if (params.starting_after) {
    const at = items.findIndex((item) => item.id === params.starting_after);
    if (at < 0) throw missingResource("object", params.starting_after, "starting_after");
    start = at + 1;
  }
  if (params.ending_before) {
    const at = items.findIndex((item) => item.id === params.ending_before);
    if (at < 0) throw missingResource("object", params.ending_before, "ending_before");
    end = at;
    start = Math.max(0, at - limit);
  }
  const data = items.slice(start, Math.min(end, start + limit));
  return { ...list(url, data.map(publicView)), has_more: start + data.length < end || (params.ending_before ? start > 0 : false) };
}

function apiRoutes(state: StripeState): Route[] {
  const ACTIVE = ["active", "past_due", "trialing", "unpaid", "incomplete", "paused"];
  return [
    {
      method: "POST",
      pattern: /^\/v1\/customers$/,
      params: ["Customers.d.ts", "CustomerCreateParams"],
      run: (p) => state.createCustomer(p),
    },
    {
      method: "GET",
      pattern: /^\/v1\/customers\/(\w+)$/,
      params: ["Customers.d.ts", "CustomerRetrieveParams"],
      run: (_, [id]) => state.customer(id, "id"),
    },
    {
      method: "GET",
      pattern: /^\/v1\/customers\/(\w+)\/payment_methods$/,
      params: ["Customers.d.ts", "CustomerListPaymentMethodsParams"],
      run: (p, [id]) => (
        state.customer(id, "id"),
        paged(
          `/v1/customers/${id}/payment_methods`,
          state.all("payment_method").filter((m) => m.customer === id && (!p.type || m.type === p.type)),
          p,
        )
      ),
    },
    {
      method: "GET",
      pattern: /^\/v1\/prices$/,
      params: ["Prices.d.ts", "PriceListParams"],
      run: (p) => {
        const keys = p.lookup_keys as string[] | undefined;
        if (keys && keys.length > 10) throw invalidRequest("You can only pass up to 10 lookup keys.", "lookup_keys");
        const prices = state
          .all("price")
          .filter(
            (price) =>
              (!keys || keys.includes(String(price.lookup_key))) &&
              (p.active === undefined || String(price.active) === p.active) &&
              (!p.type || price.type === p.type),
          );
        return paged("/v1/prices", prices, p);
      },
    },
    { method: "GET", pattern: /^\/v1\/prices\/(\w+)$/, params: ["Prices.d.ts", "PriceRetrieveParams"], run: (_, [id]) => state.price(id) },
    {
      method: "POST",
      pattern: /^\/v1\/checkout\/sessions$/,
      params: ["Checkout/Sessions.d.ts", "Checkout.SessionCreateParams"],
      run: (p) => {
        if (!p.mode) throw invalidRequest("Missing required param: mode.", "mode", "parameter_missing");
        if (!["payment", "subscription", "setup"].includes(p.mode))
          throw invalidRequest("Invalid mode: must be one of payment, setup, or subscription", "mode");
        if (p.mode !== "setup" && !p.line_items?.length)
          throw invalidRequest("Missing required param: line_items.", "line_items", "parameter_missing");
        if (p.customer && p.customer_email)
          throw invalidRequest("You may only specify one of these parameters: customer, customer_email.", "customer_email");
        if (p.payment_intent_data && p.mode !== "payment")
          throw invalidRequest("You can not pass `payment_intent_data` in `subscription` mode.", "payment_intent_data");
        if (p.subscription_data && p.mode !== "subscription")
          throw invalidRequest("You can only pass `subscription_data` in `subscription` mode.", "subscription_data");
        if (p.payment_method_types)
          throw invalidRequest("Received unknown parameter: payment_method_types", "payment_method_types", "parameter_unknown");
        return publicView(state.createCheckoutSession(p));
      },
    },
    {
      method: "GET",
      pattern: /^\/v1\/checkout\/sessions$/,
      params: ["Checkout/Sessions.d.ts", "Checkout.SessionListParams"],
      run: (p) =>
        paged(
          "/v1/checkout/sessions",
          state
            .all("checkout.session")
            .filter(
              (s) =>
                (!p.customer || s.customer === p.customer) &&
                (!p.payment_intent || s.payment_intent === p.payment_intent) &&
                (!p.subscription || s.subscription === p.subscription) &&
                (!p.status || s.status === p.status),
            ),
          p,
        ),
    },
    {
      method: "GET",
      pattern: /^\/v1\/checkout\/sessions\/(\w+)$/,
      params: ["Checkout/Sessions.d.ts", "Checkout.SessionRetrieveParams"],
      run: (_, [id]) => publicView(state.session(id)),
    },
    {
      method: "GET",
      pattern: /^\/v1\/checkout\/sessions\/(\w+)\/line_items$/,
      params: ["Checkout/Sessions.d.ts", "Checkout.SessionListLineItemsParams"],
      run: (_, [id]) => state.sessionLineItems(state.session(id)),
    },
    {
      method: "POST",
      pattern: /^\/v1\/checkout\/sessions\/(\w+)\/expire$/,
      params: ["Checkout/Sessions.d.ts", "Checkout.SessionExpireParams"],
      run: (_, [id]) => {
        const session = state.session(id);
        state.expireSession(session);
        return publicView(session);
      },
    },
    {
      method: "POST",
      pattern: /^\/v1\/billing_portal\/sessions$/,
      params: ["BillingPortal/Sessions.d.ts", "BillingPortal.SessionCreateParams"],
      run: (p) => state.createPortalSession({ customer: p.customer, return_url: p.return_url }),
    },
    {
      method: "GET",
      pattern: /^\/v1\/subscriptions\/(\w+)$/,
      params: ["Subscriptions.d.ts", "SubscriptionRetrieveParams"],
      run: (_, [id]) => state.subscription(id),
    },
    {
      method: "GET",
      pattern: /^\/v1\/subscriptions$/,
      params: ["Subscriptions.d.ts", "SubscriptionListParams"],
      run: (p) => {
        const status = (p.status as string | undefined) ?? "default";
        const matches = (s: Obj) =>
          status === "all"
            ? true
            : status === "default"
              ? ACTIVE.includes(String(s.status))
              : status === "ended"
                ? ["canceled", "incomplete_expired"].includes(String(s.status))
                : s.status === status;
        return paged(
          "/v1/subscriptions",
          state
            .all("subscription")
            .filter(
              (s) =>
                (!p.customer || s.customer === p.customer) &&
                (!p.price || (s.items as { data: { price: Obj }[] }).data[0].price.id === p.price) &&
                matches(s),
            ),
          p,
        );
      },
    },
    {
      method: "DELETE",
      pattern: /^\/v1\/subscriptions\/(\w+)$/,
      params: ["Subscriptions.d.ts", "SubscriptionCancelParams"],
      run: (p, [id]) => state.cancelSubscription(id, p),
    },
    {
      method: "GET",
      pattern: /^\/v1\/invoices\/(\w+)$/,
      params: ["Invoices.d.ts", "InvoiceRetrieveParams"],
      run: (_, [id]) => state.invoiceById(id),
    },
    {
      method: "POST",
      pattern: /^\/v1\/invoices\/(\w+)\/mark_uncollectible$/,
      params: ["Invoices.d.ts", "InvoiceMarkUncollectibleParams"],
      run: (_, [id]) => state.markUncollectible(id),
    },
    {
      method: "GET",
      pattern: /^\/v1\/invoice_payments$/,
      params: ["InvoicePayments.d.ts", "InvoicePaymentListParams"],
      run: (p) => {
        const payment = p.payment as { type?: string; payment_intent?: string } | undefined;
        if (payment && payment.type !== "payment_intent")
          throw invalidRequest("The Stripe double only lists invoice payments by payment_intent.", "payment[type]");
        const matches = (i: Obj) =>
          (!p.invoice || i.invoice === p.invoice) &&
          (!payment?.payment_intent || (i.payment as { payment_intent?: string }).payment_intent === payment.payment_intent) &&
          (!p.status || i.status === p.status);
        return paged("/v1/invoice_payments", state.all("invoice_payment").filter(matches), p);
      },
    },
    {
      method: "GET",
      pattern: /^\/v1\/invoices$/,
      params: ["Invoices.d.ts", "InvoiceListParams"],
      run: (p) =>
        paged(
          "/v1/invoices",
          state
            .all("invoice")
            .filter(
              (i) =>
                (!p.customer || i.customer === p.customer) &&
                (!p.status || i.status === p.status) &&
                (!p.subscription ||
                  (i.parent as { subscription_details: { subscription: string } }).subscription_details.subscription === p.subscription),
            ),
          p,
        ),
    },
    {
      method: "POST",
      pattern: /^\/v1\/payment_intents$/,
      params: ["PaymentIntents.d.ts", "PaymentIntentCreateParams"],
      run: (p) => state.createPaymentIntent(p),
    },
    {
      method: "GET",
      pattern: /^\/v1\/payment_intents$/,
      params: ["PaymentIntents.d.ts", "PaymentIntentListParams"],
      run: (p) =>
        paged(
          "/v1/payment_intents",
          state.all("payment_intent").filter((pi) => !p.customer || pi.customer === p.customer),
          p,
        ),
    },
    {
      method: "GET",
      pattern: /^\/v1\/payment_intents\/(\w+)$/,
      params: ["PaymentIntents.d.ts", "PaymentIntentRetrieveParams"],
      run: (_, [id]) =>
        state.get(id)?.object === "payment_intent"
          ? state.get(id)!
          : (() => {
              throw missingResource("payment_intent", id);
            })(),
    },
    {
      method: "GET",
      pattern: /^\/v1\/charges\/(\w+)$/,
      params: ["Charges.d.ts", "ChargeRetrieveParams"],
      run: (_, [id]) =>
        state.get(id)?.object === "charge"
          ? state.get(id)!
          : (() => {
              throw missingResource("charge", id);
            })(),
    },
    { method: "POST", pattern: /^\/v1\/refunds$/, params: ["Refunds.d.ts", "RefundCreateParams"], run: (p) => state.refund(p) },
    {
      method: "GET",
      pattern: /^\/v1\/refunds$/,
      params: ["Refunds.d.ts", "RefundListParams"],
      run: (p) =>
        paged(
          "/v1/refunds",
          state
            .all("refund")
            .filter((r) => (!p.charge || r.charge === p.charge) && (!p.payment_intent || r.payment_intent === p.payment_intent)),
          p,
        ),
    },
    {
      method: "POST",
      pattern: /^\/v1\/test_helpers\/test_clocks$/,
      params: ["TestHelpers/TestClocks.d.ts", "TestHelpers.TestClockCreateParams"],
      run: (p) => state.createClock({ frozen_time: Number(p.frozen_time), name: p.name }),
    },
    {
      method: "GET",
      pattern: /^\/v1\/test_helpers\/test_clocks\/(\w+)$/,
      params: ["TestHelpers/TestClocks.d.ts", "TestHelpers.TestClockRetrieveParams"],
      run: (_, [id]) => state.clock(id),
    },
    {
      method: "POST",
      pattern: /^\/v1\/test_helpers\/test_clocks\/(\w+)\/advance$/,
      params: ["TestHelpers/TestClocks.d.ts", "TestHelpers.TestClockAdvanceParams"],
      run: (p, [id]) => state.advanceClock(id, Number(p.frozen_time)),
    },
    {
      method: "GET",
      pattern: /^\/v1\/events\/(\w+)$/,
      params: ["Events.d.ts", "EventRetrieveParams"],
      run: (_, [id]) =>
        state.events.find((e) => e.id === id) ??
        (() => {
          throw missingResource("event", id);
        })(),
    },
    {
      method: "GET",
      pattern: /^\/v1\/events$/,
      params: ["Events.d.ts", "EventListParams"],
      run: (p) =>
        paged(
          "/v1/events",
          [...state.events].reverse().filter((e) => !p.type || e.type === p.type),
          p,
        ),
    },
  ];
}

/**
 * `expand[]`: each dotted path (lists through `data.`) replaces an id with its object, or
 * fills an includable field (a session's line_items). Anything else cannot be expanded.
 */
function expand(state: StripeState, body: unknown, paths: string[]): unknown {
  if (paths.length === 0) return body;
  const copy = structuredClone(body) as Record<string, any>;
  for (const path of paths) {
    if (path.split(".").length > 4) throw invalidRequest(`You cannot expand more than 4 levels of a property. Property: ${path}`, "expand");
    const walk = (target: any, segments: string[]): boolean => {
      if (target == null || typeof target !== "object") return false;
      const [head, ...rest] = segments;
      if (head === "data" && Array.isArray(target.data) && rest.length) return target.data.every((item: unknown) => walk(item, rest));
      if (rest.length) return walk(target[head], rest);
      if (head === "line_items" && target.object === "checkout.session") {
        target.line_items = state.sessionLineItems(state.session(target.id));
        return true;
      }
      const value = target[head];
      if (typeof value === "string" && state.get(value)) {
        target[head] = publicView(state.get(value)!);
        return true;
      }
      return value === null || (typeof value === "object" && value !== undefined);
    };
    if (!walk(copy, path.split("."))) throw invalidRequest(`This property cannot be expanded (${path}).`, "expand");
  }
  return copy;
}
