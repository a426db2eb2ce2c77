/** Who buys and where Stripe sends them back: the workspace, the owner's address, the billing page. */
import "server-only";
import { eq } from "drizzle-orm";
import { users, workspaces } from "@/db/schema/studio";
import { emailLink } from "@/server/email/link-url";
import type { CheckoutTarget } from "@/server/billing/start-checkout";
import type { StudioContext } from "../context";

export async function checkoutTarget(ctx: Pick<StudioContext, "db">, input: { workspaceId: string; userId: string; requestOrigin?: string | null }): Promise<CheckoutTarget> {
  const [[workspace], [owner]] = await Promise.all([
    ctx.db.select({ name: workspaces.name, slug: workspaces.slug }).from(workspaces).where(eq(workspaces.id, input.workspaceId)),
    ctx.db.select({ email: users.email }).from(users).where(eq(users.id, input.userId)),
  ]);
  return { workspaceId: input.workspaceId, name: workspace.name, ownerEmail: owner.email, userId: input.userId, billingUrl: emailLink(`/w/${workspace.slug}/billing`, input.requestOrigin) };
}
