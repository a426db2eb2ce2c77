/** An owner opens Stripe's Customer Portal (payment method, plan change, cancel, invoices), coming back to the billing page. */
import "server-only";
import { billingContextOf } from "@/server/billing/context";
import { openPortal } from "@/server/billing/open-portal";
import type { StudioContext } from "../context";
import { checkoutTarget } from "./checkout-target";

export async function openBillingPortal(ctx: Pick<StudioContext, "db" | "events" | "now">, input: { workspaceId: string; userId: string; requestOrigin?: string | null }) {
  const { billingUrl } = await checkoutTarget(ctx, input);
  return openPortal(billingContextOf(ctx), { workspaceId: input.workspaceId, returnUrl: billingUrl });
}
