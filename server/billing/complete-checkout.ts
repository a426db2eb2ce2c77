/**
 * Completes a Checkout session, safe to run any number of times and from both the
 * webhook and the buyer's return to the billing page (Stripe's advice: the success page
 * may never load, the webhook may be late). The session is read again from Stripe with its
 * line items; a pack's credits are granted once per session id, a subscription's state and
 * its first invoice's credits are applied through the same keyed paths as their own events.
 */
import "server-only";
import { eq } from "drizzle-orm";
import { workspaceBilling } from "@/db/schema";
import { AppError } from "@/server/errors";
import { grantPaidCredits } from "@/server/v1/services/billing/grant-paid-credits";
import { creditsLabel } from "@/shared/credit-costs";
import type { Plan } from "@/shared/vocabulary";
import { buyerOf, recordBillingAudit } from "./billing-audit";
import { workspaceOfCustomer } from "./billing-row";
import { loadCatalogue } from "./catalogue";
import { requireStripe, type BillingContext } from "./context";
import { grantInvoiceCredits, idOf } from "./grant-invoice-credits";
import { isDuplicateSubscription } from "./live-subscriptions";
import { syncCustomer } from "./sync-customer";
import { workspaceAccount } from "./workspace-account";

export type CheckoutOutcome =
  | { status: "open" | "expired" | "processing" }
  | { status: "paid"; kind: "credit_pack"; credits: number }
  | { status: "paid"; kind: "plan"; plan: Plan | null }
  /** A second plan for a workspace that has one: canceled and refunded in full. */
  | { status: "duplicate"; kind: "plan" };

/** `workspaceId`: the workspace a member completes it from; a session of another one is not found. The webhook names none. */
export async function completeCheckout(ctx: BillingContext, input: { sessionId: string; workspaceId?: string }): Promise<CheckoutOutcome> {
  const { sessionId } = input;
  const stripe = requireStripe(ctx);
  const session = await stripe.checkout.sessions.retrieve(sessionId, { expand: ["line_items"] });
  const customerId = idOf(session.customer);
  const workspaceId = (customerId ? await workspaceOfCustomer(ctx.db, customerId) : null) ?? session.client_reference_id;
  // A session of another workspace is not found from this one.
  if (!workspaceId || (input.workspaceId !== undefined && input.workspaceId !== workspaceId) || session.client_reference_id !== workspaceId)
    throw new AppError("not_found", "No such checkout for this workspace.");
  if (session.status === "expired") return { status: "expired" };
  if (session.status !== "complete") return { status: "open" };
  if (session.payment_status !== "paid") return { status: "processing" };

  if (session.mode === "subscription") {
    if (customerId) await linkCustomer(ctx, workspaceId, customerId);
    const synced = customerId ? await syncCustomer(ctx, customerId) : null;
    const invoiceId = idOf(session.invoice);
    if (invoiceId) await grantInvoiceCredits(ctx, invoiceId);
    const subscriptionId = idOf(session.subscription);
    if (customerId && subscriptionId && (await isDuplicateSubscription(stripe, customerId, subscriptionId)))
      return { status: "duplicate", kind: "plan" };
    return { status: "paid", kind: "plan", plan: synced?.plan ?? null };
  }

  const price = session.line_items?.data[0]?.price;
  const known = price ? (await loadCatalogue(stripe)).byPriceId.get(price.id) : undefined;
  if (!known || !("credits" in known)) return { status: "paid", kind: "credit_pack", credits: 0 };
  const { accountId } = await workspaceAccount(ctx.db, workspaceId);
  await ctx.db.transaction(async (tx) => {
    const grant = await grantPaidCredits(tx, {
      accountId,
      amount: known.credits,
      grantKey: `stripe:checkout:${session.id}`,
      source: "credit_pack",
      note: `${creditsLabel(known.credits)} pack`,
    });
    if (grant.applied)
      await recordBillingAudit(tx, workspaceId, {
        actor: buyerOf(session.metadata),
        action: "credit_pack_purchased",
        target: creditsLabel(known.credits),
        detail: { via: "checkout" },
      });
  });
  return { status: "paid", kind: "credit_pack", credits: known.credits };
}

/** A customer Checkout made (none was passed) becomes the workspace's, unless it has one. */
async function linkCustomer(ctx: BillingContext, workspaceId: string, customerId: string) {
  await ctx.db.insert(workspaceBilling).values({ workspaceId, stripeCustomerId: customerId }).onConflictDoNothing();
  const [row] = await ctx.db
    .select({ customer: workspaceBilling.stripeCustomerId })
    .from(workspaceBilling)
    .where(eq(workspaceBilling.workspaceId, workspaceId));
  if (!row.customer)
    await ctx.db.update(workspaceBilling).set({ stripeCustomerId: customerId }).where(eq(workspaceBilling.workspaceId, workspaceId));
}
