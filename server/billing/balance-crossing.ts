/**
 * What a debit that crossed a threshold sets off (its durable function:
 * inngest/functions/billing/balance-crossed.ts): the owners' low-balance mail, and the
 * auto top-up, an off-session charge of the saved card for the chosen pack with an
 * idempotency key per crossing, so a retried step never charges twice. A decline or a
 * required authentication turns auto top-up off and mails the owners.
 */
import "server-only";
import { eq, sql } from "drizzle-orm";
import type Stripe from "stripe";
import { accounts, workspaceBilling, workspaces } from "@/db/schema";
import { autoTopUpStoppedEmail, lowBalanceEmail } from "@/server/email/billing-templates";
import { emailLink } from "@/server/email/link-url";
import { sendEmail } from "@/server/email/send-email";
import { PURCHASE_KINDS } from "@/shared/plans";
import { recordBillingAudit } from "./billing-audit";
import { setBalanceThresholds } from "@/server/v1/services/accounts/set-balance-thresholds";
import type { Tx } from "@/db/client";
import { loadCatalogue } from "./catalogue";
import type { BillingContext } from "./context";
import { fulfilTopUp } from "./fulfil-top-up";
import { stripeErrorOf } from "./stripe-errors";
import { workspaceOwners } from "./owners";

/** Whether the crossing debit committed (the event is sent inside its transaction). */
export async function debitCommitted(db: Tx, ledgerEntryId: number): Promise<boolean> {
  const rows = await db.execute(sql`select 1 from v1.credit_ledger where id = ${ledgerEntryId} and kind = 'debit'`);
  return rows.length > 0;
}

async function workspaceOfAccount(db: Tx, accountId: string) {
  const [row] = await db
    .select({
      workspaceId: workspaces.id,
      balance: accounts.creditBalance,
      lowBalance: accounts.lowBalanceThreshold,
      topUp: accounts.topUpThreshold,
      billing: workspaceBilling,
    })
    .from(accounts)
    .innerJoin(workspaces, eq(workspaces.v1AccountId, sql`${accounts.id}::text`))
    .leftJoin(workspaceBilling, eq(workspaceBilling.workspaceId, workspaces.id))
    .where(eq(accounts.id, accountId));
  return row ?? null;
}

export async function mailLowBalance(ctx: BillingContext, input: { accountId: string; balance: number }): Promise<number> {
  const workspace = await workspaceOfAccount(ctx.db, input.accountId);
  if (!workspace?.lowBalance) return 0;
  const owners = await workspaceOwners(ctx.db, workspace.workspaceId);
  const link = emailLink(`/w/${owners.slug}/billing`);
  for (const to of owners.emails)
    await sendEmail(
      lowBalanceEmail({ to, workspaceName: owners.workspaceName, balance: input.balance, threshold: workspace.lowBalance, link }),
    );
  return owners.emails.length;
}

export type TopUpOutcome =
  | { outcome: "charged"; credits: number; paymentIntent: string }
  | { outcome: "skipped"; why: string }
  | { outcome: "stopped"; reason: string };

export async function chargeAutoTopUp(ctx: BillingContext, input: { accountId: string; ledgerEntryId: number }): Promise<TopUpOutcome> {
  const workspace = await workspaceOfAccount(ctx.db, input.accountId);
  const pack = workspace?.billing?.topUpPack ?? null;
  if (!ctx.stripe || !workspace?.topUp || !pack) return { outcome: "skipped", why: "auto top-up is off" };
  // Bought meanwhile (a pack, another top-up): nothing to do for this crossing.
  if (workspace.balance >= workspace.topUp) return { outcome: "skipped", why: "the balance is back above the threshold" };
  const customerId = workspace.billing?.stripeCustomerId;
  const price = (await loadCatalogue(ctx.stripe)).packs[pack];
  if (!customerId || !price) return stopTopUp(ctx, workspace.workspaceId, input.accountId, "no card is saved for this workspace");
  const card = await savedCard(ctx.stripe, customerId);
  if (!card) return stopTopUp(ctx, workspace.workspaceId, input.accountId, "no card is saved for this workspace");
  try {
    const intent = await ctx.stripe.paymentIntents.create(
      {
        amount: price.unitAmount,
        currency: price.currency,
        customer: customerId,
        payment_method: card,
        confirm: true,
        off_session: true,
        description: `Atrium auto top-up: ${pack} credits`,
        metadata: { workspace_id: workspace.workspaceId, kind: PURCHASE_KINDS.autoTopUp, credits: String(pack) },
      },
      { idempotencyKey: `atrium-auto-top-up-${input.accountId}-${input.ledgerEntryId}` },
    );
    await fulfilTopUp(ctx, intent);
    return { outcome: "charged", credits: pack, paymentIntent: intent.id };
  } catch (error) {
    const declined = stripeErrorOf(error, "StripeCardError");
    if (!declined) throw error;
    const needsAuthentication = declined.code === "authentication_required" || declined.decline_code === "authentication_required";
    // Stripe's message ends with a full stop; the reason is shown and mailed inside a sentence.
    const reason = needsAuthentication
      ? "your bank asked to confirm the payment, which cannot be done while you are away"
      : declined.message.replace(/\.$/, "") || "the card was declined";
    return stopTopUp(ctx, workspace.workspaceId, input.accountId, reason);
  }
}

async function savedCard(stripe: Stripe, customerId: string): Promise<string | null> {
  const customer = await stripe.customers.retrieve(customerId);
  const preferred =
    "deleted" in customer && customer.deleted ? null : (customer as Stripe.Customer).invoice_settings?.default_payment_method;
  if (preferred) return typeof preferred === "string" ? preferred : preferred.id;
  const { data } = await stripe.customers.listPaymentMethods(customerId, { type: "card", limit: 1 });
  return data[0]?.id ?? null;
}

async function stopTopUp(ctx: BillingContext, workspaceId: string, accountId: string, reason: string): Promise<TopUpOutcome> {
  await ctx.db.transaction(async (tx) => {
    await setBalanceThresholds(tx, { accountId, topUp: null });
    await tx
      .update(workspaceBilling)
      .set({ topUpStoppedReason: reason, updatedAt: ctx.now() })
      .where(eq(workspaceBilling.workspaceId, workspaceId));
    await recordBillingAudit(tx, workspaceId, {
      actor: { kind: "system" },
      action: "auto_top_up_changed",
      detail: { enabled: false, stopped: reason },
    });
  });
  return { outcome: "stopped", reason };
}

export async function mailTopUpStopped(ctx: BillingContext, input: { accountId: string; reason: string }): Promise<void> {
  const workspace = await workspaceOfAccount(ctx.db, input.accountId);
  if (!workspace) return;
  const owners = await workspaceOwners(ctx.db, workspace.workspaceId);
  const link = emailLink(`/w/${owners.slug}/billing`);
  for (const to of owners.emails)
    await sendEmail(autoTopUpStoppedEmail({ to, workspaceName: owners.workspaceName, reason: `${input.reason}.`, link }));
}
