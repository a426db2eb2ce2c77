/**
 * Grants the credits of a successful auto top-up, once per PaymentIntent: from the
 * function that charged (at once) and from Stripe's payment_intent.succeeded (should the
 * function have stopped between the charge and the grant).
 */
import "server-only";
import type Stripe from "stripe";
import { recordBillingAudit } from "./billing-audit";
import { grantPaidCredits } from "@/server/v1/services/billing/grant-paid-credits";
import { creditsLabel } from "@/shared/credit-costs";
import { creditPack } from "@/shared/plans";
import { requireStripe, type BillingContext } from "./context";
import { workspaceAccount } from "./workspace-account";

export async function fulfilTopUp(ctx: BillingContext, intent: string | Stripe.PaymentIntent): Promise<{ granted: number }> {
  const latest = typeof intent === "string" ? await requireStripe(ctx).paymentIntents.retrieve(intent) : intent;
  const pack = creditPack(Number(latest.metadata?.credits));
  const workspaceId = latest.metadata?.workspace_id;
  if (latest.status !== "succeeded" || latest.metadata?.kind !== "auto_top_up" || !pack || !workspaceId) return { granted: 0 };
  const { accountId } = await workspaceAccount(ctx.db, workspaceId);
  const grant = await ctx.db.transaction(async (tx) => {
    const granted = await grantPaidCredits(tx, {
      accountId,
      amount: pack.credits,
      grantKey: `stripe:payment_intent:${latest.id}`,
      source: "auto_top_up",
      note: `Auto top-up: ${creditsLabel(pack.credits)}`,
    });
    if (granted.applied)
      await recordBillingAudit(tx, workspaceId, {
        actor: { kind: "system" },
        action: "credit_pack_purchased",
        target: creditsLabel(pack.credits),
        detail: { via: "auto_top_up" },
      });
    return granted;
  });
  return { granted: grant.applied ? pack.credits : 0 };
}
