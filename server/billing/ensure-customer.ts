/**
 * The workspace's one Stripe customer (D15), made the first time an owner buys. Made with
 * an idempotency key per workspace, so two clicks at once make one customer; its metadata
 * names the workspace, so an event can always be traced back.
 */
import "server-only";
import { eq } from "drizzle-orm";
import { workspaceBilling } from "@/db/schema";
import { requireStripe, type BillingContext } from "./context";
import { readBillingRow } from "./billing-row";

export async function ensureCustomer(
  ctx: BillingContext,
  workspace: { workspaceId: string; name: string; ownerEmail: string },
): Promise<string> {
  const existing = await readBillingRow(ctx.db, workspace.workspaceId);
  if (existing?.stripeCustomerId) return existing.stripeCustomerId;
  const customer = await requireStripe(ctx).customers.create(
    { name: workspace.name, email: workspace.ownerEmail, metadata: { workspace_id: workspace.workspaceId } },
    { idempotencyKey: `atrium-customer-${workspace.workspaceId}` },
  );
  await ctx.db.insert(workspaceBilling).values({ workspaceId: workspace.workspaceId }).onConflictDoNothing();
  await ctx.db
    .update(workspaceBilling)
    .set({ stripeCustomerId: customer.id, updatedAt: ctx.now() })
    .where(eq(workspaceBilling.workspaceId, workspace.workspaceId));
  return customer.id;
}
