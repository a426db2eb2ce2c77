import type { Metadata } from "next";
import { AutoTopUpForm } from "@/components/billing/auto-top-up-form";
import { CheckoutNotice, type CheckoutNoticeState } from "@/components/billing/checkout-notice";
import { InvoiceTable } from "@/components/billing/invoice-table";
import { LowBalanceForm } from "@/components/billing/low-balance-form";
import { PlanCards } from "@/components/billing/plan-cards";
import { StripeButton } from "@/components/billing/stripe-button";
import { Card, Panel } from "@/components/ui/card";
import { PageHeader } from "@/components/ui/page-header";
import { QuotaBar } from "@/components/workflows/quota-bar";
import { creditsLabel } from "@/shared/credit-costs";
import { chosenPaidPlan, CREDIT_PACKS, paidPlanLabel, PAST_DUE_STATUS, PLAN_TABLE, statusIn, SUBSCRIBED_STATUSES } from "@/shared/plans";
import { FREE_PLAN, planAbove } from "@/shared/vocabulary";
import type { BillingOverview } from "@/server/billing/overview";
import { orNotFound, serverApi } from "@/server/trpc/server-caller";
import { allows, holdersOf } from "@/shared/roles";

export const metadata: Metadata = { title: "Billing" };

type Props = { params: Promise<{ workspaceSlug: string }>; searchParams: Promise<{ checkout?: string; plan?: string }> };

const day = (date: Date) => date.toLocaleDateString("en-US", { year: "numeric", month: "long", day: "numeric", timeZone: "UTC" });

/** Under the plan's name: where the subscription stands, or where the plan came from. */
function planStatus(billing: NonNullable<BillingOverview>, subscribed: boolean): string {
  const subscription = billing.subscription;
  if (subscription?.status === PAST_DUE_STATUS) return "The latest payment failed; Stripe is retrying it.";
  if (subscription?.endedUnpaidAt && billing.plan === FREE_PLAN) {
    return `The ${paidPlanLabel(subscription.plan)} plan ended on ${day(subscription.endedUnpaidAt)}: its payment failed. Its credits are kept.`;
  }
  if (subscribed && subscription?.currentPeriodEnd) {
    return subscription.cancelAtPeriodEnd
      ? `Ends on ${day(subscription.currentPeriodEnd)}, then Free.`
      : `Renews on ${day(subscription.currentPeriodEnd)}.`;
  }
  if (billing.plan === FREE_PLAN || billing.planSource === "stripe") return "No subscription.";
  return billing.planSource === "operator" ? "Set by the operator." : "The plan this deployment gives new workspaces.";
}

/**
 * The workspace's plan, limits and credits for every member; for owners, the ways to pay
 * (Stripe Checkout for a plan or a pack, the Customer Portal), invoices, auto top-up and
 * the low-balance email. Coming back from Checkout, the session is fulfilled at once. A
 * plan chosen on the pricing page (`?plan=`, carried through sign-up) is offered first.
 */
export default async function BillingPage({ params, searchParams }: Props) {
  const { workspaceSlug } = await params;
  const { checkout, plan: planParam } = await searchParams;
  const chosen = chosenPaidPlan(planParam);
  const api = await serverApi();
  const workspace = await orNotFound(api.workspaces.bySlug({ slug: workspaceSlug }));
  const owner = allows(workspace, "manage_billing");
  let notice: CheckoutNoticeState | null = null;
  if (owner && checkout === "canceled") notice = { status: "canceled" };
  else if (owner && checkout && /^cs_\w{10,200}$/.test(checkout)) {
    notice = await api.billing
      .completeCheckout({ workspaceId: workspace.id, sessionId: checkout })
      .catch((): CheckoutNoticeState => ({ status: "unknown" }));
  }
  const billing = await api.billing.overview({ workspaceId: workspace.id });
  if (!billing) {
    return (
      <>
        <PageHeader title="Billing" description="The workspace's plan, its monthly limits and its credits." />
        <p role="status" className="rounded-xl bg-stone-50 px-4 py-3 text-sm text-stone-800 ring-1 ring-stone-200">
          This workspace uses an image service account of another Atrium deployment (Settings → Image service): its plan and credits are
          billed there.
        </p>
      </>
    );
  }
  const invoices =
    owner && billing.paymentsEnabled && billing.hasCustomer
      ? await api.billing.invoices({ workspaceId: workspace.id }).catch(() => null)
      : null;
  const subscription = billing.subscription;
  const subscribed = subscription && statusIn(SUBSCRIBED_STATUSES, subscription.status);
  const canBuy = owner && billing.paymentsEnabled;

  return (
    <>
      <PageHeader title="Billing" description="The workspace's plan, its monthly limits and its credits." />
      {notice ? <CheckoutNotice state={notice} /> : null}
      {chosen && !notice ? (
        <div
          role="status"
          className="mb-6 flex flex-wrap items-center justify-between gap-3 rounded-xl bg-accent-50 px-4 py-3 text-sm text-accent-900 ring-1 ring-accent-200"
        >
          <p>
            You chose {PLAN_TABLE[chosen].label} on the pricing page.{" "}
            {!planAbove(chosen, billing.plan)
              ? `This workspace is already on ${PLAN_TABLE[billing.plan].label}${billing.plan === chosen ? "" : `, which includes everything in ${PLAN_TABLE[chosen].label}`}: nothing to buy.`
              : !billing.paymentsEnabled
                ? "This deployment takes no payments: its operator sets plans."
                : !owner
                  ? `Only ${holdersOf("manage_billing")} of the workspace can change its plan.`
                  : subscribed
                    ? "Switch plans in Stripe's billing portal."
                    : "Confirm it at Stripe's checkout; nothing is charged until you do."}
          </p>
          {canBuy && planAbove(chosen, billing.plan) ? (
            subscribed ? (
              <StripeButton action={{ kind: "portal" }} variant="secondary">
                Switch to {PLAN_TABLE[chosen].label}
              </StripeButton>
            ) : (
              <StripeButton action={{ kind: "plan", plan: chosen }}>Continue to {PLAN_TABLE[chosen].label} checkout</StripeButton>
            )
          ) : null}
        </div>
      ) : null}

      <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
        <Card className="p-5">
          <p className="text-sm text-stone-600">Plan</p>
          <p className="mt-1 text-3xl font-semibold text-stone-900" data-testid="billing-plan">
            {PLAN_TABLE[billing.plan].label}
          </p>
          <p className="mt-1 text-sm text-stone-600" data-testid="billing-renewal">
            {planStatus(billing, Boolean(subscribed))}
          </p>
        </Card>
        <Card className="p-5">
          <p className="text-sm text-stone-600">Credits left</p>
          <p className="mt-1 text-3xl font-semibold tabular-nums text-stone-900" data-testid="billing-balance">
            {billing.balance.toLocaleString("en-US")}
          </p>
          <p className="mt-1 text-sm text-stone-600">
            {subscribed && PLAN_TABLE[billing.plan].includedCredits > 0
              ? `${creditsLabel(PLAN_TABLE[billing.plan].includedCredits)} included with each paid month. Credits never expire.`
              : "Credits never expire."}
          </p>
        </Card>
        <Card className="p-5 sm:col-span-2 xl:col-span-1">
          <QuotaBar used={billing.usedThisMonth} quota={billing.monthlyQuota} />
          {billing.plan === FREE_PLAN && billing.monthlyQuota === 0 ? (
            <p className="mt-2 text-sm text-stone-600">The Free plan&apos;s quota comes with a confirmed email address.</p>
          ) : null}
        </Card>
      </div>

      {!billing.paymentsEnabled ? (
        <p role="status" className="mt-6 rounded-xl bg-stone-50 px-4 py-3 text-sm text-stone-800 ring-1 ring-stone-200">
          Payments are not set up on this deployment. The Free plan&apos;s limits apply until the operator sets another plan or adds
          credits.
        </p>
      ) : !owner ? (
        <p role="status" className="mt-6 rounded-xl bg-stone-50 px-4 py-3 text-sm text-stone-800 ring-1 ring-stone-200">
          Only {holdersOf("manage_billing")} of the workspace can change its plan or buy credits.
        </p>
      ) : null}

      <section aria-labelledby="plans-heading" className="mt-8">
        <div className="mb-3 flex flex-wrap items-end justify-between gap-3">
          <h2 id="plans-heading" className="text-lg font-semibold text-stone-900">
            Plans
          </h2>
          {canBuy && billing.hasCustomer ? (
            <StripeButton action={{ kind: "portal" }} variant="secondary">
              {subscribed ? "Change plan, card or cancel" : "Payment method and invoices"}
            </StripeButton>
          ) : null}
        </div>
        <PlanCards
          prices={billing.prices?.plans ?? null}
          current={billing.plan}
          action={(plan) =>
            !canBuy || plan === FREE_PLAN || plan === billing.plan || (!subscribed && planAbove(billing.plan, plan)) ? null : subscribed ? (
              <StripeButton action={{ kind: "portal" }} variant="secondary">
                Switch to {PLAN_TABLE[plan].label}
              </StripeButton>
            ) : (
              <StripeButton action={{ kind: "plan", plan }}>Upgrade to {PLAN_TABLE[plan].label}</StripeButton>
            )
          }
        />
      </section>

      {canBuy ? (
        <>
          <section aria-labelledby="packs-heading" className="mt-8">
            <h2 id="packs-heading" className="mb-3 text-lg font-semibold text-stone-900">
              Credit packs
            </h2>
            <ul className="grid gap-4 sm:grid-cols-3" aria-label="Credit packs">
              {CREDIT_PACKS.map((pack) => (
                <li key={pack.credits} className="rounded-xl bg-white p-5 shadow-card ring-1 ring-stone-200">
                  <p className="text-lg font-semibold text-stone-900">{creditsLabel(pack.credits)}</p>
                  <p className="mt-1 text-sm text-stone-600">{billing.prices?.packs[String(pack.credits)] ?? "—"}, once</p>
                  <StripeButton action={{ kind: "pack", credits: pack.credits }} variant="secondary" className="mt-4">
                    Buy {creditsLabel(pack.credits)}
                  </StripeButton>
                </li>
              ))}
            </ul>
          </section>
          <div className="mt-8 grid gap-4 lg:grid-cols-2">
            <Panel title="Auto top-up" description="Buy a pack with the saved card when the balance runs low, so work never stops.">
              <AutoTopUpForm initial={billing.autoTopUp} prices={billing.prices?.packs ?? null} canTurnOn={billing.hasCustomer} />
            </Panel>
            <Panel title="Low-balance email" description="Owners get one email each time the balance falls under the threshold.">
              <LowBalanceForm threshold={billing.lowBalanceThreshold} />
            </Panel>
          </div>
          <Panel title="Invoices and receipts" className="mt-8">
            {invoices ? (
              <InvoiceTable invoices={invoices} />
            ) : (
              <p className="text-sm text-stone-600">No invoices or receipts yet. They appear here after the first payment.</p>
            )}
          </Panel>
        </>
      ) : null}
    </>
  );
}
