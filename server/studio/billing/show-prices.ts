/** The plan table's prices from Stripe for the public pricing page (null: no payments on this deployment). */
import "server-only";
import { publicPrices } from "@/server/billing/public-prices";

export function showPrices() {
  return publicPrices();
}
