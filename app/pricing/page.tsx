import type { Metadata } from "next";
import Link from "next/link";
import { PlanCards } from "@/components/billing/plan-cards";
import { SiteFooter } from "@/components/shell/site-footer";
import { SiteHeader } from "@/components/shell/site-header";
import { ButtonLink } from "@/components/ui/button";
import { CREDIT_COSTS, creditsLabel } from "@/shared/credit-costs";
import { CREDIT_PACKS, FEATURED_PLAN, FREE_WORKSPACES_PER_PERSON, PLAN_TABLE } from "@/shared/plans";
import { getSession } from "@/server/auth/session";
import { authLink } from "@/shared/safe-callback";
import { FREE_PLAN, type PaidPlan } from "@/shared/vocabulary";
import { serverApi } from "@/server/trpc/server-caller";

export const metadata: Metadata = { title: "Pricing" };
// Prices are Stripe's: read at request time (and kept a few minutes by the catalogue), never built in.
export const dynamic = "force-dynamic";

const CREDIT_USES = [
  { what: "Staging, decluttering, renders, color changes", cost: "Monthly quota only" },
  { what: "Inpainting (remove or replace an object)", cost: creditsLabel(CREDIT_COSTS.inpaint) },
  { what: "Upscaling", cost: creditsLabel(CREDIT_COSTS.upscale) },
  { what: "Listing description", cost: creditsLabel(CREDIT_COSTS.propertyDescription) },
  {
    what: "Multi-view set",
    cost: `${creditsLabel(CREDIT_COSTS.multiviewAnchor)} + ${creditsLabel(CREDIT_COSTS.multiviewSibling)} per other view`,
  },
  { what: "Five-second listing video", cost: creditsLabel(CREDIT_COSTS.video) },
];

/** The public price list: the plan table, with Stripe's prices when this deployment takes payments. */
export default async function PricingPage() {
  const [session, prices] = await Promise.all([getSession(), (await serverApi()).billing.prices()]);
  const start = session ? "/workspaces" : "/sign-up";
  // The chosen plan rides along through sign-up (and its mailed link) to the first workspace's billing page.
  const startWith = (plan: PaidPlan) => (session ? `/workspaces?plan=${plan}` : authLink("/sign-up", `/workspaces?plan=${plan}`));
  return (
    <div className="min-h-dvh bg-white">
      <SiteHeader signedIn={Boolean(session)} />
      <main className="mx-auto max-w-6xl px-4 pb-20 sm:px-6">
        <h1 className="mt-6 text-center text-3xl font-semibold tracking-tight text-stone-900 sm:text-4xl">Plans for every brokerage</h1>
        <p className="mx-auto mt-4 max-w-2xl text-center text-stone-600">
          Start on Free with a confirmed email; move to Premium or Business when the team needs multi-view sets, videos and more requests.
          Cancel anytime: the plan runs to the end of the paid month, and credits never expire.
        </p>
        {prices ? null : (
          <p className="mx-auto mt-4 max-w-2xl text-center text-sm text-stone-600">
            This deployment takes no payments: its operator sets plans and credits.
          </p>
        )}
        <div className="mt-10">
          <PlanCards
            prices={prices?.plans ?? null}
            action={(plan) => (
              <ButtonLink
                href={plan === FREE_PLAN ? start : startWith(plan)}
                variant={plan === FEATURED_PLAN ? "primary" : "secondary"}
                className="w-full"
              >
                {plan === FREE_PLAN
                  ? "Start free"
                  : session
                    ? `Choose ${PLAN_TABLE[plan].label} for a workspace`
                    : `Start with ${PLAN_TABLE[plan].label}`}
              </ButtonLink>
            )}
          />
        </div>

        <section aria-labelledby="credits-heading" className="mt-16 grid gap-8 lg:grid-cols-2">
          <div>
            <h2 id="credits-heading" className="text-xl font-semibold text-stone-900">
              What credits buy
            </h2>
            <table className="mt-4 w-full text-left text-sm">
              <caption className="sr-only">Credits per operation</caption>
              <thead className="text-xs uppercase tracking-wide text-stone-600">
                <tr>
                  <th scope="col" className="py-2 pr-4 font-medium">
                    Operation
                  </th>
                  <th scope="col" className="py-2 font-medium">
                    Costs
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-stone-200">
                {CREDIT_USES.map((row) => (
                  <tr key={row.what}>
                    <td className="py-2 pr-4">{row.what}</td>
                    <td className="py-2">{row.cost}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <div>
            <h2 className="text-xl font-semibold text-stone-900">Credit packs</h2>
            <ul className="mt-4 space-y-2 text-sm" aria-label="Credit packs">
              {CREDIT_PACKS.map((pack) => (
                <li key={pack.credits} className="flex justify-between rounded-lg bg-stone-50 px-4 py-3 ring-1 ring-stone-200">
                  <span className="font-medium text-stone-900">{creditsLabel(pack.credits)}</span>
                  <span className="tabular-nums text-stone-700">{prices?.packs[String(pack.credits)] ?? "—"}</span>
                </li>
              ))}
            </ul>
            <ul className="mt-6 list-disc space-y-1 pl-5 text-sm text-stone-600">
              <li>
                Free: {PLAN_TABLE.free.monthlyQuota} requests a month once your email is confirmed, and starter credits once per person; up
                to {FREE_WORKSPACES_PER_PERSON} free workspaces per person.
              </li>
              <li>Owners can turn on auto top-up: a pack is bought with the saved card when the balance runs low.</li>
              <li>Invoices and the card are managed in Stripe&apos;s billing portal.</li>
            </ul>
          </div>
        </section>
      </main>
      <SiteFooter>
        <Link href="/" className="hover:text-stone-900">
          Home
        </Link>
      </SiteFooter>
    </div>
  );
}
