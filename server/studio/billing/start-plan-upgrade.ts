/** An owner moves the workspace to a paid plan: Stripe Checkout in subscription mode. */
import "server-only";
import { billingContextOf } from "@/server/billing/context";
import { startPlanCheckout } from "@/server/billing/start-checkout";
import type { PaidPlan } from "@/shared/vocabulary";
import type { StudioContext } from "../context";
import { checkoutTarget } from "./checkout-target";

export async function startPlanUpgrade(ctx: Pick<StudioContext, "db" | "events" | "now">, input: { workspaceId: string; userId: string; plan: PaidPlan; requestOrigin?: string | null }) {
  return startPlanCheckout(billingContextOf(ctx), await checkoutTarget(ctx, input), input.plan);
}
