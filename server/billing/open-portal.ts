/** Stripe's Customer Portal for the workspace's customer: payment method, plan change, cancel, invoices. */
import "server-only";
import { AppError } from "@/server/errors";
import { readBillingRow } from "./billing-row";
import { requireStripe, type BillingContext } from "./context";

export async function openPortal(ctx: BillingContext, input: { workspaceId: string; returnUrl: string }): Promise<{ url: string }> {
  const stripe = requireStripe(ctx);
  const row = await readBillingRow(ctx.db, input.workspaceId);
  if (!row?.stripeCustomerId) throw new AppError("not_found", "This workspace has not bought anything yet: there is nothing to manage.");
  const session = await stripe.billingPortal.sessions.create({ customer: row.stripeCustomerId, return_url: input.returnUrl });
  return { url: session.url };
}
