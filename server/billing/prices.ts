/** The prices of the plan table as Stripe has them, for the public pricing page; null without payments or when Stripe cannot be reached. */
import "server-only";
import { logError } from "@/server/log";
import type { PaidPlan } from "@/shared/vocabulary";
import { formatPrice, loadCatalogue } from "./catalogue";
import { stripeClient } from "./stripe-client";

export async function prices(): Promise<{ plans: Partial<Record<PaidPlan, string>>; packs: Partial<Record<string, string>> } | null> {
  const stripe = stripeClient();
  if (!stripe) return null;
  try {
    const catalogue = await loadCatalogue(stripe);
    return {
      plans: Object.fromEntries(Object.entries(catalogue.plans).map(([plan, price]) => [plan, formatPrice(price)])),
      packs: Object.fromEntries(Object.entries(catalogue.packs).map(([credits, price]) => [credits, formatPrice(price!)])),
    };
  } catch (error) {
    logError("[billing] reading prices from Stripe failed:", error);
    return null;
  }
}
