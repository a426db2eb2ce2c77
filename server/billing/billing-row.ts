/** A workspace's billing row (studio.workspace_billing): made on first use, locked while Stripe's state is applied. */
import "server-only";
import { eq } from "drizzle-orm";
import type { Tx } from "@/db/client";
import { workspaceBilling, type WorkspaceBilling } from "@/db/schema";

export async function lockBillingRow(tx: Tx, workspaceId: string): Promise<WorkspaceBilling> {
  await tx.insert(workspaceBilling).values({ workspaceId }).onConflictDoNothing();
  const [row] = await tx.select().from(workspaceBilling).where(eq(workspaceBilling.workspaceId, workspaceId)).for("update");
  return row;
}

export async function readBillingRow(db: Tx, workspaceId: string): Promise<WorkspaceBilling | null> {
  const [row] = await db.select().from(workspaceBilling).where(eq(workspaceBilling.workspaceId, workspaceId));
  return row ?? null;
}

/** The workspace a Stripe customer belongs to, from our link (made when the customer was). */
export async function workspaceOfCustomer(db: Tx, customerId: string): Promise<string | null> {
  const [row] = await db
    .select({ workspaceId: workspaceBilling.workspaceId })
    .from(workspaceBilling)
    .where(eq(workspaceBilling.stripeCustomerId, customerId));
  return row?.workspaceId ?? null;
}
