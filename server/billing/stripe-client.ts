/**
 * The Stripe library, configured once from settings (D15): STRIPE_SECRET_KEY, and in tests
 * STRIPE_API_BASE pointing it at the contract double through the library's own host,
 * port and protocol options. Null when the deployment takes no payments.
 */
import "server-only";
import Stripe from "stripe";
import { env } from "@/env";

export function createStripeClient(secretKey: string, apiBase?: string): Stripe {
  const base = apiBase ? new URL(apiBase) : null;
  const protocol = base?.protocol === "http:" ? "http" : "https";
  return new Stripe(secretKey, {
    ...(base ? { host: base.hostname, port: Number(base.port || (protocol === "http" ? 80 : 443)), protocol } : {}),
    // Retried requests carry the library's idempotency key, and ours where it matters.
    maxNetworkRetries: 2,
    timeout: 20_000,
    appInfo: { name: "Atrium" },
  });
}

const cache = globalThis as unknown as { __atriumStripe?: Stripe };

export function stripeClient(): Stripe | null {
  if (!env.STRIPE_SECRET_KEY) return null;
  cache.__atriumStripe ??= createStripeClient(env.STRIPE_SECRET_KEY, env.STRIPE_API_BASE);
  return cache.__atriumStripe;
}
