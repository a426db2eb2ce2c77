/** Who buys and where Stripe sends them back: the workspace, the buyer's address, the billing page. */
import "server-only";
import { eq } from "drizzle-orm";
import type { Database } from "@/db/client";
import { users, workspaces } from "@/db/schema/studio";
import { emailLink } from "@/server/email/link-url";

export interface CheckoutTarget {
  workspaceId: string;
  name: string;
  ownerEmail: string;
  /** Who started the checkout: named in the session so fulfilment records who bought. */
  userId: string;
  /** Absolute URL of the workspace's billing page. */
  billingUrl: string;
}

/** A member's purchase as the studio asks for it: the workspace, who, and the origin their request came from. */
export interface PurchaseRequest {
  workspaceId: string;
  userId: string;
  requestOrigin?: string | null;
}

/**
 * What every Checkout session of a workspace says: its customer, the workspace as the
 * client reference, one price, and where the buyer comes back (the billing page, which
 * completes the session or says it was canceled).
 */
export function checkoutOf(target: CheckoutTarget, customer: string, priceId: string) {
  return {
    customer,
    client_reference_id: target.workspaceId,
    line_items: [{ price: priceId, quantity: 1 }],
    success_url: `${target.billingUrl}?checkout={CHECKOUT_SESSION_ID}`,
    cancel_url: `${target.billingUrl}?checkout=canceled`,
  };
}

export async function checkoutTarget(ctx: { db: Database }, input: PurchaseRequest): Promise<CheckoutTarget> {
  const [[workspace], [owner]] = await Promise.all([
    ctx.db.select({ name: workspaces.name, slug: workspaces.slug }).from(workspaces).where(eq(workspaces.id, input.workspaceId)),
    ctx.db.select({ email: users.email }).from(users).where(eq(users.id, input.userId)),
  ]);
  return {
    workspaceId: input.workspaceId,
    name: workspace.name,
    ownerEmail: owner.email,
    userId: input.userId,
    billingUrl: emailLink(`/w/${workspace.slug}/billing`, input.requestOrigin),
  };
}
