/** A member who manages billing opens Stripe's Customer Portal (payment method, plan change, cancel, invoices), coming back to the billing page. */
import "server-only";
import { AppError } from "@/server/errors";
import { readBillingRow } from "./billing-row";
import { checkoutTarget, type PurchaseRequest } from "./checkout-target";
import { requireStripe, type BillingContext } from "./context";

export async function portal(ctx: BillingContext, input: PurchaseRequest): Promise<{ url: string }> {
  const stripe = requireStripe(ctx);
  const row = await readBillingRow(ctx.db, input.workspaceId);
  if (!row?.stripeCustomerId) throw new AppError("not_found", "This workspace has not bought anything yet: there is nothing to manage.");
  const session = await stripe.billingPortal.sessions.create({
    customer: row.stripeCustomerId,
    return_url: (await checkoutTarget(ctx, input)).billingUrl,
  });
  return { url: session.url };
}
