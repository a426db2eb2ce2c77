/**
 * Payments (D15): every member sees the plan, limits and balance; members who hold
 * manage_billing buy, open the portal, see invoices and set auto top-up and the
 * low-balance mail. Each procedure validates and calls the billing module's verb of the
 * same name (server/billing/<name>.ts) with the studio's context, which is a billing
 * context; the verb records its own audit entry.
 */
import "server-only";
import { z } from "zod";
import { buyCredits } from "@/server/billing/buy-credits";
import { completeCheckout } from "@/server/billing/complete-checkout";
import { history } from "@/server/billing/history";
import { invoices } from "@/server/billing/invoices";
import { notice } from "@/server/billing/notice";
import { overview } from "@/server/billing/overview";
import { portal } from "@/server/billing/portal";
import { prices } from "@/server/billing/prices";
import { setAutoTopUp } from "@/server/billing/set-auto-top-up";
import { setLowBalanceAlert } from "@/server/billing/set-low-balance-alert";
import { upgrade } from "@/server/billing/upgrade";
import { CREDIT_PACKS } from "@/shared/plans";
import { PAID_PLANS } from "@/shared/vocabulary";
import { permittedProcedure, publicProcedure, router, workspaceProcedure } from "../procedures";

const PackSchema = z.union(
  CREDIT_PACKS.map((pack) => z.literal(pack.credits)) as [z.ZodLiteral<number>, z.ZodLiteral<number>, ...z.ZodLiteral<number>[]],
  { error: "Pick one of the credit packs." },
);
const ThresholdSchema = z.number().int("Use a whole number of credits.").min(1, "Use at least 1 credit.").max(100_000);

const buying = () => permittedProcedure("manage_billing");

export const billingRouter = router({
  /** The public pricing page's prices. */
  prices: publicProcedure.query(() => prices()),

  overview: workspaceProcedure().query(({ ctx }) => overview(ctx.studio, { workspaceId: ctx.workspace.id })),

  /** Read on every workspace page (the past-due banner): one row. */
  notice: workspaceProcedure().query(({ ctx }) => notice(ctx.studio, { workspaceId: ctx.workspace.id })),

  history: workspaceProcedure().query(({ ctx }) => history(ctx.studio, { workspaceId: ctx.workspace.id })),

  invoices: buying().query(({ ctx }) => invoices(ctx.studio, { workspaceId: ctx.workspace.id })),

  upgrade: buying()
    .input(z.object({ plan: z.enum(PAID_PLANS) }))
    .mutation(({ ctx, input }) =>
      upgrade(ctx.studio, { workspaceId: ctx.workspace.id, userId: ctx.user.id, plan: input.plan, requestOrigin: ctx.origin }),
    ),

  buyCredits: buying()
    .input(z.object({ credits: PackSchema }))
    .mutation(({ ctx, input }) =>
      buyCredits(ctx.studio, { workspaceId: ctx.workspace.id, userId: ctx.user.id, credits: input.credits, requestOrigin: ctx.origin }),
    ),

  portal: buying().mutation(({ ctx }) =>
    portal(ctx.studio, { workspaceId: ctx.workspace.id, userId: ctx.user.id, requestOrigin: ctx.origin }),
  ),

  /** Back from Checkout with its session id. */
  completeCheckout: buying()
    .input(z.object({ sessionId: z.string().regex(/^cs_\w{10,200}$/) }))
    .mutation(({ ctx, input }) => completeCheckout(ctx.studio, { workspaceId: ctx.workspace.id, sessionId: input.sessionId })),

  setAutoTopUp: buying()
    .input(z.object({ enabled: z.boolean(), threshold: ThresholdSchema, pack: PackSchema }))
    .mutation(({ ctx, input }) =>
      setAutoTopUp(ctx.studio, { ...input, workspaceId: ctx.workspace.id, actor: { kind: "member", userId: ctx.user.id, ip: ctx.ip } }),
    ),

  setLowBalanceAlert: buying()
    .input(z.object({ threshold: ThresholdSchema.nullable() }))
    .mutation(({ ctx, input }) =>
      setLowBalanceAlert(ctx.studio, {
        workspaceId: ctx.workspace.id,
        threshold: input.threshold,
        actor: { kind: "member", userId: ctx.user.id, ip: ctx.ip },
      }),
    ),
});
