/** An owner buys a credit pack: Stripe Checkout in payment mode, the card kept for auto top-up. */
import "server-only";
import { billingContextOf } from "@/server/billing/context";
import { startPackCheckout } from "@/server/billing/start-checkout";
import type { StudioContext } from "../context";
import { checkoutTarget } from "./checkout-target";

export async function buyCreditPack(ctx: Pick<StudioContext, "db" | "events" | "now">, input: { workspaceId: string; userId: string; credits: number; requestOrigin?: string | null }) {
  return startPackCheckout(billingContextOf(ctx), await checkoutTarget(ctx, input), input.credits);
}
