/**
 * Payments (D15): every member sees the plan, limits and balance; only owners buy, open
 * the portal, see invoices and set auto top-up and the low-balance mail. Each procedure
 * validates, calls one verb in server/studio/billing, and returns.
 */
import "server-only";
import { z } from "zod";
import { billingNotice } from "@/server/studio/billing/billing-notice";
import { buyCreditPack } from "@/server/studio/billing/buy-credit-pack";
import { changeAutoTopUp } from "@/server/studio/billing/change-auto-top-up";
import { changeLowBalanceAlert } from "@/server/studio/billing/change-low-balance-alert";
import { completeCheckout } from "@/server/studio/billing/complete-checkout";
import { listWorkspaceInvoices } from "@/server/studio/billing/list-workspace-invoices";
import { openBillingPortal } from "@/server/studio/billing/open-billing-portal";
import { planAndCreditHistory } from "@/server/studio/billing/plan-and-credit-history";
import { showBilling } from "@/server/studio/billing/show-billing";
import { showPrices } from "@/server/studio/billing/show-prices";
import { startPlanUpgrade } from "@/server/studio/billing/start-plan-upgrade";
import { CREDIT_PACKS } from "@/shared/plans";
import { PAID_PLANS } from "@/shared/vocabulary";
import { publicProcedure, permittedProcedure, router, workspaceProcedure } from "../procedures";

const PackSchema = z.union(CREDIT_PACKS.map((pack) => z.literal(pack.credits)) as [z.ZodLiteral<number>, z.ZodLiteral<number>, ...z.ZodLiteral<number>[]], { error: "Pick one of the credit packs." });
const ThresholdSchema = z.number().int("Use a whole number of credits.").min(1, "Use at least 1 credit.").max(100_000);

export const billingRouter = router({
  /** The public pricing page's prices. */
  prices: publicProcedure.query(() => showPrices()),

  overview: workspaceProcedure().query(({ ctx }) => showBilling(ctx.studio, { workspaceId: ctx.workspace.id })),

  /** Read on every workspace page (the past-due banner): one row. */
  notice: workspaceProcedure().query(({ ctx }) => billingNotice(ctx.studio, { workspaceId: ctx.workspace.id })),

  history: workspaceProcedure().query(({ ctx }) => planAndCreditHistory(ctx.studio, { workspaceId: ctx.workspace.id })),

  invoices: permittedProcedure("manage_billing").query(({ ctx }) => listWorkspaceInvoices(ctx.studio, { workspaceId: ctx.workspace.id })),

  upgrade: permittedProcedure("manage_billing")
    .input(z.object({ plan: z.enum(PAID_PLANS) }))
    .mutation(({ ctx, input }) => startPlanUpgrade(ctx.studio, { workspaceId: ctx.workspace.id, userId: ctx.user.id, plan: input.plan, requestOrigin: ctx.origin })),

  buyCredits: permittedProcedure("manage_billing")
    .input(z.object({ credits: PackSchema }))
    .mutation(({ ctx, input }) => buyCreditPack(ctx.studio, { workspaceId: ctx.workspace.id, userId: ctx.user.id, credits: input.credits, requestOrigin: ctx.origin })),

  portal: permittedProcedure("manage_billing").mutation(({ ctx }) => openBillingPortal(ctx.studio, { workspaceId: ctx.workspace.id, userId: ctx.user.id, requestOrigin: ctx.origin })),

  /** The owner is back from Checkout with its session id. */
  completeCheckout: permittedProcedure("manage_billing")
    .input(z.object({ sessionId: z.string().regex(/^cs_\w{10,200}$/) }))
    .mutation(({ ctx, input }) => completeCheckout(ctx.studio, { workspaceId: ctx.workspace.id, sessionId: input.sessionId })),

  setAutoTopUp: permittedProcedure("manage_billing")
    .input(z.object({ enabled: z.boolean(), threshold: ThresholdSchema, pack: PackSchema }))
    .mutation(({ ctx, input }) => changeAutoTopUp(ctx.studio, { workspaceId: ctx.workspace.id, userId: ctx.user.id, ip: ctx.ip, enabled: input.enabled, threshold: input.threshold, pack: input.pack })),

  setLowBalanceAlert: permittedProcedure("manage_billing")
    .input(z.object({ threshold: ThresholdSchema.nullable() }))
    .mutation(({ ctx, input }) => changeLowBalanceAlert(ctx.studio, { workspaceId: ctx.workspace.id, threshold: input.threshold })),
});
