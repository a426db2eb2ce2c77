import { ShieldCheck } from "lucide-react";
import type { Metadata } from "next";
import { Logo } from "@/components/shell/logo";
import { EmptyState } from "@/components/ui/empty-state";
import { orNotFound, serverApi } from "@/server/trpc/server-caller";

type Params = Promise<{ token: string }>;

// The page lists whatever the team has published; links to images are signed per request.
export const dynamic = "force-dynamic";

export const metadata: Metadata = { title: "Altered listing photos", robots: { index: false, follow: false } };

/**
 * The public disclosure page of a listing: every altered image (virtually staged, style
 * preview, digitally altered) beside the unaltered original, each with the label of
 * what was done (shared/disclosure.ts; MLS rules, California AB 723).
 */
export default async function SharePage({ params }: { params: Params }) {
  const { token } = await params;
  const share = await orNotFound((await serverApi()).generations.share({ token }));
  return (
    <div className="min-h-dvh bg-stone-50">
      <header className="border-b border-stone-200 bg-white">
        <div className="mx-auto flex max-w-6xl items-center justify-between gap-4 px-4 py-4 sm:px-6">
          <Logo />
          <span className="inline-flex items-center gap-1.5 text-sm text-stone-600">
            <ShieldCheck className="size-4 text-accent-700" aria-hidden="true" />
            Disclosure of altered images
          </span>
        </div>
      </header>
      <main className="mx-auto max-w-6xl space-y-8 px-4 py-8 sm:px-6">
        <div className="space-y-2">
          <h1 className="text-2xl font-semibold text-stone-900">{share.address}</h1>
          <p className="max-w-3xl text-sm text-stone-700">
            Some listing photos of this property were altered. Each one is shown here beside the unaltered original photo, with
            a label saying what was done, so buyers and renters can see the property as it is.
          </p>
        </div>
        {share.items.length === 0 ? (
          <EmptyState icon={ShieldCheck} title="No altered images yet" description="When the listing team publishes staged or edited photos, they appear here beside the originals." />
        ) : (
          <ul className="space-y-8">
            {share.items.map((item, index) => (
              <li key={item.id}>
                <article aria-labelledby={`item-${item.id}`} className="rounded-xl bg-white p-4 shadow-card ring-1 ring-stone-200 sm:p-5">
                  <h2 id={`item-${item.id}`} className="mb-3 text-base font-semibold text-stone-900">
                    Photo {index + 1}
                  </h2>
                  <div className="grid gap-4 md:grid-cols-2">
                    <figure className="space-y-2">
                      {/* eslint-disable-next-line @next/next/no-img-element -- signed storage URLs */}
                      <img src={item.originalUrl} alt={`Photo ${index + 1}, unaltered original`} className="aspect-[4/3] w-full rounded-lg object-cover ring-1 ring-stone-200" />
                      <figcaption className="text-sm font-medium text-stone-700">Original photo (unaltered)</figcaption>
                    </figure>
                    <figure className="space-y-2">
                      <div className="relative">
                        {/* eslint-disable-next-line @next/next/no-img-element -- signed storage URLs */}
                        <img src={item.alteredUrl} alt={`Photo ${index + 1}, ${item.label.toLowerCase()}`} className="aspect-[4/3] w-full rounded-lg object-cover ring-1 ring-stone-200" />
                        <span className="absolute bottom-2 left-2 rounded-full bg-stone-900/85 px-3 py-1 text-xs font-semibold text-white">{item.label}</span>
                      </div>
                      <figcaption className="space-y-1 text-sm text-stone-700">
                        <span className="block font-medium">{item.label}</span>
                        {item.remark ? <span className="block text-stone-600">{item.remark}</span> : null}
                      </figcaption>
                      {item.changes ? (
                        <details className="text-sm text-stone-700" data-testid="share-change-map">
                          <summary className="cursor-pointer font-medium text-accent-700">What changed</summary>
                          <div className="relative mt-2">
                            {/* eslint-disable-next-line @next/next/no-img-element -- signed storage URLs */}
                            <img src={item.alteredUrl} alt="" className="block w-full rounded-lg ring-1 ring-stone-200" />
                            {/* eslint-disable-next-line @next/next/no-img-element -- signed storage URLs */}
                            <img
                              src={item.changes.overlayUrl}
                              alt={item.changes.mode === "removed" ? `Photo ${index + 1}: what was removed, outlined in red` : `Photo ${index + 1}: where the image changed, in red`}
                              className="absolute inset-0 h-full w-full rounded-lg"
                            />
                          </div>
                          <p className="mt-1">{item.changes.summary.charAt(0).toUpperCase() + item.changes.summary.slice(1)}.</p>
                        </details>
                      ) : null}
                    </figure>
                  </div>
                </article>
              </li>
            ))}
          </ul>
        )}
      </main>
    </div>
  );
}
