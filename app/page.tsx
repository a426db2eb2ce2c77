import { ArrowRight, Box, FileText, Layers, Sofa, Users, Video } from "lucide-react";
import Link from "next/link";
import { SiteFooter } from "@/components/shell/site-footer";
import { SiteHeader } from "@/components/shell/site-header";
import { ButtonLink } from "@/components/ui/button";
import { getSession } from "@/server/auth/session";

const FEATURES = [
  {
    icon: Sofa,
    title: "Virtual staging",
    text: "Furnish empty rooms in the style buyers want, with a before/after slider for every result.",
  },
  {
    icon: Layers,
    title: "Consistent multi-view",
    text: "Stage one room from several angles and keep the furniture the same in every shot.",
  },
  { icon: Box, title: "Clean-up and upscale", text: "Paint over clutter, remove it, and upscale the result for print in one click." },
  { icon: Video, title: "Listing video", text: "Turn stills into a short walkthrough clip for social and portal listings." },
  {
    icon: FileText,
    title: "Property descriptions",
    text: "Listing copy written from the photos and the facts, in your tone and language.",
  },
  { icon: Users, title: "Built for teams", text: "One workspace per brokerage, roles for owners, admins and agents, shared credits." },
];

export default async function Home() {
  const session = await getSession();
  return (
    <div className="min-h-dvh bg-white">
      <SiteHeader signedIn={Boolean(session)} pricingLink />

      <main>
        <section className="relative overflow-hidden">
          <div className="absolute inset-x-0 top-0 -z-0 h-[36rem] bg-gradient-to-b from-accent-50 to-white" aria-hidden="true" />
          <div className="relative mx-auto max-w-6xl px-4 pb-20 pt-16 text-center sm:px-6 sm:pt-24">
            <p className="mx-auto inline-flex items-center gap-2 rounded-full bg-white px-3 py-1 text-sm font-medium text-accent-800 shadow-card ring-1 ring-accent-200">
              For real-estate brokerages
            </p>
            <h1 className="mx-auto mt-6 max-w-3xl text-4xl font-semibold tracking-tight text-stone-900 sm:text-6xl">
              Listing photos that sell the home, in minutes.
            </h1>
            <p className="mx-auto mt-6 max-w-2xl text-lg text-stone-600">
              Atrium stages empty rooms, renders consistent views, cleans up clutter, makes listing videos and writes the description, for
              your whole team in one workspace.
            </p>
            <div className="mt-10 flex flex-col items-center justify-center gap-3 sm:flex-row">
              <ButtonLink href={session ? "/workspaces" : "/sign-up"} size="lg">
                {session ? "Open your studio" : "Create your workspace"}
                <ArrowRight className="size-4" aria-hidden="true" />
              </ButtonLink>
              {!session ? (
                <ButtonLink href="/sign-in" size="lg" variant="secondary">
                  Sign in
                </ButtonLink>
              ) : null}
            </div>
            <p className="mt-4 text-sm text-stone-600">Starter credits included. No card needed.</p>
          </div>
        </section>

        <section aria-labelledby="features-heading" className="mx-auto max-w-6xl px-4 pb-24 sm:px-6">
          <h2 id="features-heading" className="text-center text-2xl font-semibold tracking-tight sm:text-3xl">
            Everything a listing needs
          </h2>
          <ul className="mt-12 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {FEATURES.map(({ icon: Icon, title, text }) => (
              <li key={title} className="rounded-2xl bg-stone-50 p-6 ring-1 ring-stone-200">
                <span className="flex size-10 items-center justify-center rounded-lg bg-accent-600 text-white">
                  <Icon className="size-5" aria-hidden="true" />
                </span>
                <h3 className="mt-4 font-semibold text-stone-900">{title}</h3>
                <p className="mt-2 text-sm text-stone-600">{text}</p>
              </li>
            ))}
          </ul>
        </section>

        <section aria-labelledby="developers-heading" className="mx-auto max-w-6xl px-4 pb-24 sm:px-6">
          <div className="flex flex-col items-start gap-4 rounded-2xl bg-stone-900 p-8 text-stone-100 sm:flex-row sm:items-center sm:justify-between">
            <div>
              <h2 id="developers-heading" className="text-xl font-semibold text-white">
                Build on the same API
              </h2>
              <p className="mt-2 max-w-2xl text-sm text-stone-300">
                Connect your website, CRM or listing tool: API keys, a request log and signed webhooks live in each workspace&apos;s
                Developers section.
              </p>
            </div>
            <ButtonLink href="/docs#quickstart" variant="secondary">
              Read the quickstart
            </ButtonLink>
          </div>
        </section>
      </main>

      <SiteFooter>
        <p>Every altered image is labelled with what was done, as MLS rules require.</p>
        <nav aria-label="More" className="flex gap-4">
          <Link href="/pricing" className="hover:text-stone-900">
            Pricing
          </Link>
          <Link href="/docs#quickstart" className="hover:text-stone-900">
            API quickstart
          </Link>
          <Link href="/sign-in" className="hover:text-stone-900">
            Sign in
          </Link>
        </nav>
      </SiteFooter>
    </div>
  );
}
