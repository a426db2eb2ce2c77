/**
 * What the deployment's Stripe account sells, found by the plan table's lookup keys
 * (shared/plans.ts): the price of each paid plan and credit pack, and which plan or pack a
 * price id stands for. Prices live in Stripe only; the list is kept for a few minutes.
 */
import "server-only";
import type Stripe from "stripe";
import { CREDIT_PACKS, PLAN_TABLE, PRICE_LOOKUP_KEYS } from "@/shared/plans";
import { PAID_PLANS, type PaidPlan } from "@/shared/vocabulary";

export interface PriceInfo {
  id: string;
  unitAmount: number;
  currency: string;
}

export interface Catalogue {
  plans: Partial<Record<PaidPlan, PriceInfo>>;
  packs: Partial<Record<number, PriceInfo>>;
  byPriceId: Map<string, { plan: PaidPlan } | { credits: number }>;
}

const TTL_MS = 5 * 60_000;
const FAILURE_TTL_MS = 30_000;
const cached = new WeakMap<Stripe, { at: number; catalogue: Promise<Catalogue> }>();

export function loadCatalogue(stripe: Stripe): Promise<Catalogue> {
  const hit = cached.get(stripe);
  if (hit && Date.now() - hit.at < TTL_MS) return hit.catalogue;
  const catalogue = fetchCatalogue(stripe);
  cached.set(stripe, { at: Date.now(), catalogue });
  // A failure is kept for half a minute, so pages (the public pricing page) do not send every visitor on to Stripe.
  catalogue.catch(() => cached.set(stripe, { at: Date.now() - TTL_MS + FAILURE_TTL_MS, catalogue }));
  return catalogue;
}

async function fetchCatalogue(stripe: Stripe): Promise<Catalogue> {
  const { data } = await stripe.prices.list({ lookup_keys: [...PRICE_LOOKUP_KEYS], active: true, limit: 100 });
  const byKey = new Map(
    data
      .filter((price) => price.unit_amount !== null)
      .map((price) => [price.lookup_key, { id: price.id, unitAmount: price.unit_amount!, currency: price.currency }]),
  );
  const catalogue: Catalogue = { plans: {}, packs: {}, byPriceId: new Map() };
  for (const plan of PAID_PLANS) {
    const price = byKey.get(PLAN_TABLE[plan].lookupKey);
    if (!price) continue;
    catalogue.plans[plan] = price;
    catalogue.byPriceId.set(price.id, { plan });
  }
  for (const pack of CREDIT_PACKS) {
    const price = byKey.get(pack.lookupKey);
    if (!price) continue;
    catalogue.packs[pack.credits] = price;
    catalogue.byPriceId.set(price.id, { credits: pack.credits });
  }
  return catalogue;
}

export function formatPrice(price: PriceInfo): string {
  return new Intl.NumberFormat("en-US", { style: "currency", currency: price.currency.toUpperCase() }).format(price.unitAmount / 100);
}
