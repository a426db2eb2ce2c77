/**
 * The Stripe double's hosted pages, plain HTML forms a browser (and Playwright) completes
 * as a buyer would: Checkout (card number, Pay or Subscribe, a back link to cancel_url),
 * the 3-D Secure challenge, the Customer Portal (cancel at period end, switch plan, new
 * card, invoices, back to the app) and the hosted invoice with its PDF.
 */
import type http from "node:http";
import type { Obj, StripeState } from "./stripe-state";
import { DECLINE_MESSAGES, publicView } from "./stripe-state";

function escape(value: unknown): string {
  return String(value ?? "").replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);
}

const money = (cents: number) => `$${(cents / 100).toLocaleString("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
const day = (seconds: number) =>
  new Date(seconds * 1000).toLocaleDateString("en-US", { year: "numeric", month: "long", day: "numeric", timeZone: "UTC" });

function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escape(title)}</title>
<style>body{font-family:system-ui,sans-serif;color:#1a1f36;background:#f6f9fc;margin:0}main{max-width:440px;margin:0 auto;padding:24px 16px}
h1{font-size:20px}section{background:#fff;border-radius:8px;box-shadow:0 1px 3px #0002;padding:16px;margin:16px 0}label{display:block;font-size:14px;margin:12px 0 4px}
input{width:100%;box-sizing:border-box;font-size:16px;padding:10px;border:1px solid #a3acb9;border-radius:6px}button{width:100%;margin-top:16px;font-size:16px;padding:12px;border:0;border-radius:6px;background:#4b3fcf;color:#fff}
button.secondary{background:#e3e8ee;color:#1a1f36}[role=alert]{background:#fde8e8;color:#8a1c1c;padding:10px;border-radius:6px}.row{display:flex;justify-content:space-between;gap:8px}a{color:#4b3fcf}
.badge{font-size:12px;background:#ffde92;padding:2px 6px;border-radius:4px}</style></head><body><main><p><strong>Atrium</strong> <span class="badge">TEST MODE</span></p>${body}</main></body></html>`;
}

export function sendHtml(res: http.ServerResponse, status: number, html: string) {
  res.writeHead(status, { "content-type": "text/html; charset=utf-8" });
  res.end(html);
}

function redirect(res: http.ServerResponse, location: string) {
  res.writeHead(303, { location });
  res.end();
}

function lineDescription(state: StripeState, session: Obj): string {
  return state
    .sessionLineItems(session)
    .data.map((item) => {
      const price = item.price as Obj;
      const per = price.recurring ? " per month" : "";
      return `<div class="row"><span>${escape(item.description)}</span><span>${money(Number(item.amount_total))}${per}</span></div>`;
    })
    .join("");
}

export function checkoutPage(state: StripeState, session: Obj, error: string | null): string {
  if (session.status !== "open") {
    const back = session.cancel_url ? `<p><a href="${escape(session.cancel_url)}">Return to Atrium</a></p>` : "";
    return page("Checkout", `<h1>This Checkout Session is no longer active</h1>${back}`);
  }
  const action = session.mode === "subscription" ? "Subscribe" : `Pay ${money(Number(session.amount_total))}`;
  return page(
    "Checkout",
    `${session.cancel_url ? `<p><a href="${escape(session.cancel_url)}">← Back</a></p>` : ""}
<h1>${session.mode === "subscription" ? "Subscribe to Atrium" : "Pay Atrium"}</h1>
<section>${lineDescription(state, session)}</section>
<form method="post" action="/c/pay/${escape(session.id)}"><section>
${error ? `<p role="alert">${escape(error)}</p>` : ""}
<label for="card">Card number</label><input id="card" name="card" inputmode="numeric" autocomplete="cc-number" value="4242 4242 4242 4242">
<div class="row"><div><label for="exp">Expiry</label><input id="exp" name="exp" value="12 / 34"></div><div><label for="cvc">CVC</label><input id="cvc" name="cvc" value="123"></div></div>
<button type="submit">${escape(action)}</button></section></form>`,
  );
}

export function challengePage(session: Obj): string {
  return page(
    "Authenticate",
    `<h1>Authenticate this payment</h1><section><p>Your bank asks you to confirm this payment of ${money(Number(session.amount_total))}.</p>
<form method="post" action="/c/3ds/${escape(session.id)}"><button name="outcome" value="complete">Complete authentication</button>
<button class="secondary" name="outcome" value="fail">Fail authentication</button></form></section>`,
  );
}

export function portalPage(state: StripeState, portal: Obj, message: string | null): string {
  const customerId = String(portal.customer);
  const customer = state.customer(customerId);
  const subscriptions = state
    .all("subscription")
    .filter((s) => s.customer === customerId && !["canceled", "incomplete_expired"].includes(String(s.status)));
  const recurring = state.all("price").filter((p) => p.recurring && p.active);
  const defaultMethod = (customer.invoice_settings as { default_payment_method: string | null }).default_payment_method;
  const card = defaultMethod ? (state.get(defaultMethod)?.card as { brand: string; last4: string } | undefined) : undefined;
  const form = (path: string, label: string, extra = "", secondary = false) =>
    `<form method="post" action="/p/session/${escape(portal.id)}/${path}">${extra}<button${secondary ? ' class="secondary"' : ""}>${escape(label)}</button></form>`;
  const plans = subscriptions
    .map((subscription) => {
      const item = (subscription.items as { data: { price: Obj; current_period_end: number }[] }).data[0];
      const name = String(state.get(String(item.price.product))?.name ?? "");
      const when = subscription.cancel_at_period_end
        ? `Cancels on ${day(item.current_period_end)}`
        : `Renews on ${day(item.current_period_end)}`;
      const switches = recurring
        .filter((price) => price.id !== item.price.id)
        .map((price) =>
          form(
            "switch",
            `Switch to ${state.get(String(price.product))?.name ?? price.lookup_key}`,
            `<input type="hidden" name="subscription" value="${escape(subscription.id)}"><input type="hidden" name="price" value="${escape(price.id)}">`,
            true,
          ),
        )
        .join("");
      const hidden = `<input type="hidden" name="subscription" value="${escape(subscription.id)}">`;
      return `<section><h2>Current plan</h2><p><strong>${escape(name)}</strong> · ${money(Number(item.price.unit_amount))} per month</p><p>Status: ${escape(subscription.status)}. ${when}</p>
${subscription.cancel_at_period_end ? form("renew", "Don't cancel", hidden) : form("cancel", "Cancel plan", hidden)}${subscription.cancel_at_period_end ? "" : switches}</section>`;
    })
    .join("");
  const invoices = state
    .all("invoice")
    .filter((invoice) => invoice.customer === customerId)
    .map(
      (invoice) =>
        `<div class="row"><a href="${escape(invoice.hosted_invoice_url)}">${escape(invoice.number)}</a><span>${money(Number(invoice.amount_due))} · ${escape(invoice.status)}</span></div>`,
    )
    .join("");
  return page(
    "Billing",
    `<p><a href="${escape(portal.return_url ?? "/")}">← Return to Atrium</a></p><h1>Manage your billing</h1>${message ? `<p role="alert">${escape(message)}</p>` : ""}
${plans || "<section><p>No active subscription.</p></section>"}
<section><h2>Payment method</h2><p>${card ? `${escape(card.brand)} ending in ${escape(card.last4)}` : "None"}</p>
<form method="post" action="/p/session/${escape(portal.id)}/card"><label for="card">New card number</label><input id="card" name="card" inputmode="numeric" autocomplete="cc-number"><button>Update card</button></form></section>
<section><h2>Invoices</h2>${invoices || "<p>None yet.</p>"}</section>`,
  );
}

export function invoicePage(invoice: Obj): string {
  return page(
    `Invoice ${invoice.number}`,
    `<h1>Invoice ${escape(invoice.number)}</h1><section><p>${money(Number(invoice.amount_due))} · ${escape(invoice.status)}</p><p>Period ${day(Number(invoice.period_start))} – ${day(Number(invoice.period_end))}</p>
<p><a href="${escape(invoice.invoice_pdf)}">Download PDF</a></p></section>`,
  );
}

/** A charge's receipt, kept up to date with its refunds as Stripe's is. */
export function receiptPage(state: StripeState, charge: Obj): string {
  const method = charge.payment_method ? state.get(String(charge.payment_method)) : undefined;
  const card = method?.card as { brand: string; last4: string } | undefined;
  const refunded = Number(charge.amount_refunded);
  return page(
    "Receipt",
    `<h1>Receipt from Atrium</h1><section><div class="row"><span>${escape(charge.description ?? "Payment")}</span><span>${money(Number(charge.amount))}</span></div>
<p>Paid on ${day(Number(charge.created))}${card ? ` with ${escape(card.brand)} ending in ${escape(card.last4)}` : ""}</p>
${refunded > 0 ? `<p>Refunded ${money(refunded)}</p>` : ""}</section>`,
  );
}

/** A one-page PDF saying what the invoice is: enough for a browser to open it. */
export function invoicePdf(invoice: Obj): Buffer {
  const text = `Invoice ${invoice.number}: ${money(Number(invoice.amount_due))} ${invoice.status}`.replace(/[()\\]/g, "");
  const content = `BT /F1 18 Tf 72 720 Td (${text}) Tj ET`;
  const objects = [
    "<< /Type /Catalog /Pages 2 0 R >>",
    "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
    "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>",
    `<< /Length ${content.length} >>\nstream\n${content}\nendstream`,
    "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
  ];
  let body = "%PDF-1.4\n";
  const offsets: number[] = [];
  objects.forEach((object, i) => {
    offsets.push(body.length);
    body += `${i + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, "0")} 00000 n \n`).join("")}`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, "latin1");
}

/** The hosted pages' routes; true when one answered. */
export function servePage(state: StripeState, method: string, url: URL, form: URLSearchParams, res: http.ServerResponse): boolean {
  const path = url.pathname;
  let match = /^\/c\/pay\/([\w]+)$/.exec(path);
  if (match) {
    const session = state.get(match[1]);
    if (!session || session.object !== "checkout.session")
      return (sendHtml(res, 404, page("Not found", "<h1>Something went wrong</h1>")), true);
    if (method === "GET") {
      const error = url.searchParams.get("error");
      sendHtml(res, 200, checkoutPage(state, state.session(session.id), error ? (DECLINE_MESSAGES[error] ?? null) : null));
      return true;
    }
    const outcome = state.completeSession(session.id, form.get("card") ?? "");
    if ("redirect" in outcome) redirect(res, outcome.redirect);
    else if ("authenticate" in outcome) redirect(res, `/c/3ds/${session.id}`);
    else sendHtml(res, 402, checkoutPage(state, session, outcome.decline));
    return true;
  }
  match = /^\/c\/3ds\/([\w]+)$/.exec(path);
  if (match) {
    const session = state.get(match[1]);
    if (!session || session.object !== "checkout.session" || !session._pendingCard)
      return (sendHtml(res, 404, page("Not found", "<h1>Nothing to authenticate</h1>")), true);
    if (method === "GET") return (sendHtml(res, 200, challengePage(session)), true);
    if (form.get("outcome") !== "complete") return (redirect(res, `/c/pay/${session.id}?error=authentication_failed`), true);
    const outcome = state.completeSession(session.id, String(session._pendingCard), true);
    if ("redirect" in outcome) redirect(res, outcome.redirect);
    else sendHtml(res, 402, checkoutPage(state, session, "decline" in outcome ? outcome.decline : null));
    return true;
  }
  match = /^\/p\/session\/(\w+)(?:\/(cancel|renew|switch|card))?$/.exec(path);
  if (match) {
    const portal = state.get(match[1]);
    if (!portal || portal.object !== "billing_portal.session")
      return (sendHtml(res, 404, page("Not found", "<h1>This link has expired</h1>")), true);
    if (method === "GET") return (sendHtml(res, 200, portalPage(state, portal, null)), true);
    const subscription = form.get("subscription") ?? "";
    const owned = (id: string) => state.get(id)?.customer === portal.customer;
    let message: string | null = null;
    if (match[2] === "cancel" && owned(subscription)) state.setCancelAtPeriodEnd(subscription, true);
    if (match[2] === "renew" && owned(subscription)) state.setCancelAtPeriodEnd(subscription, false);
    if (match[2] === "switch" && owned(subscription)) state.switchPrice(subscription, form.get("price") ?? "");
    if (match[2] === "card") message = state.replaceCard(String(portal.customer), form.get("card") ?? "");
    if (message) return (sendHtml(res, 402, portalPage(state, portal, message)), true);
    return (redirect(res, `/p/session/${portal.id}`), true);
  }
  match = /^\/i\/(\w+)(\/pdf)?$/.exec(path);
  if (match && method === "GET") {
    const invoice = state.get(match[1]);
    if (!invoice || invoice.object !== "invoice") return (sendHtml(res, 404, page("Not found", "<h1>No such invoice</h1>")), true);
    if (match[2]) {
      res.writeHead(200, { "content-type": "application/pdf", "content-disposition": `inline; filename="Invoice-${invoice.number}.pdf"` });
      res.end(invoicePdf(invoice));
    } else sendHtml(res, 200, invoicePage(publicView(invoice)));
    return true;
  }
  match = /^\/r\/(\w+)$/.exec(path);
  if (match && method === "GET") {
    const charge = state.get(match[1]);
    if (!charge || charge.object !== "charge") return (sendHtml(res, 404, page("Not found", "<h1>No such receipt</h1>")), true);
    sendHtml(res, 200, receiptPage(state, charge));
    return true;
  }
  return false;
}
