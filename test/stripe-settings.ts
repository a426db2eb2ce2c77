/**
 * Test support for billing: the Stripe settings a test file's app is started with (call
 * `useStripeDouble()` inside `vi.hoisted`, before env.ts reads the environment), the
 * double started on them, and a buyer who completes the double's hosted pages over HTTP
 * as a browser posts their forms.
 */
import crypto from "node:crypto";
import { freePort } from "./process-harness";
import { startStripeDouble, type StripeDoubleOptions } from "./doubles/stripe";

export async function useStripeDouble(): Promise<void> {
  const port = await freePort();
  process.env.STRIPE_API_BASE = `http://127.0.0.1:${port}`;
  process.env.STRIPE_SECRET_KEY = `sk_test_${crypto.randomBytes(12).toString("hex")}`;
  process.env.STRIPE_WEBHOOK_SECRET = `whsec_${crypto.randomBytes(16).toString("hex")}`;
}

/** The double the app's settings point at. */
export function startConfiguredStripeDouble(options: Omit<StripeDoubleOptions, "port" | "secretKey" | "webhookSecret"> = {}) {
  return startStripeDouble({
    ...options,
    port: Number(new URL(process.env.STRIPE_API_BASE!).port),
    secretKey: process.env.STRIPE_SECRET_KEY,
    webhookSecret: process.env.STRIPE_WEBHOOK_SECRET,
  });
}

async function post(url: string, fields: Record<string, string>) {
  const response = await fetch(url, {
    method: "POST",
    redirect: "manual",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(fields),
  });
  return {
    status: response.status,
    location: response.headers.get("location"),
    html: response.status === 303 ? "" : await response.text(),
  };
}

/** Pays a hosted Checkout page with a test card; `authenticate` answers a 3-D Secure challenge if one comes. */
export async function payCheckout(url: string, card: string, authenticate: "complete" | "fail" = "complete") {
  const paid = await post(url, { card });
  if (!paid.location?.startsWith("/c/3ds/")) return paid;
  return post(new URL(paid.location, url).toString(), { outcome: authenticate });
}

/** The session id Stripe put in the success URL. */
export function sessionIdOf(location: string | null): string {
  const id = location ? new URL(location).searchParams.get("checkout") : null;
  if (!id) throw new Error(`no session id in ${location}`);
  return id;
}

/** A Customer Portal action (cancel, renew, switch, card) as its page's form posts it. */
export function portalAction(portalUrl: string, action: "cancel" | "renew" | "switch" | "card", fields: Record<string, string>) {
  return post(`${portalUrl}/${action}`, fields);
}
