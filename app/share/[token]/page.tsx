import { ShieldCheck } from "lucide-react";
import type { Metadata } from "next";
import { AlteredImagePair } from "@/components/share/altered-image-pair";
import { BrokerageMark } from "@/components/share/brokerage-mark";
import { ListingSummary } from "@/components/share/listing-summary";
import { EmptyState } from "@/components/ui/empty-state";
import { orNotFound, serverApi } from "@/server/trpc/server-caller";

type Params = Promise<{ token: string }>;

// The page lists whatever the team has published; links to images are signed per request.
export const dynamic = "force-dynamic";

async function load(params: Params) {
  const { token } = await params;
  return orNotFound((await serverApi()).exports.share({ token }));
}

export async function generateMetadata({ params }: { params: Params }): Promise<Metadata> {
  const listing = await load(params);
  return { title: `${listing.address} · ${listing.brokerage}`, robots: { index: false, follow: false } };
}

/**
 * The public page of a listing: the brokerage, the agent to contact, the property and
 * its copy and video, then every altered image (virtually staged, style preview,
 * digitally altered) beside the unaltered original, each with the label of what was
 * done and, where there is one, what changed (shared/disclosure.ts; MLS rules,
 * California AB 723). An unknown or turned-off link is the branded 404.
 */
export default async function SharePage({ params }: { params: Params }) {
  const listing = await load(params);
  return (
    <div className="min-h-dvh bg-stone-50">
      <header className="border-b border-stone-200 bg-white">
        <div className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-x-4 gap-y-2 px-4 py-4 sm:px-6">
          <BrokerageMark name={listing.brokerage} />
          <span className="inline-flex items-center gap-1.5 text-sm text-stone-600">
            <ShieldCheck className="size-4 text-accent-700" aria-hidden="true" />
            Altered images disclosed
          </span>
        </div>
      </header>
      <main className="mx-auto max-w-6xl space-y-10 px-4 py-8 sm:px-6">
        <ListingSummary listing={listing} />
        {listing.video ? (
          <section aria-labelledby="listing-video" className="space-y-3">
            <h2 id="listing-video" className="text-lg font-semibold text-stone-900">
              Video
            </h2>
            <video src={listing.video.url} poster={listing.video.posterUrl ?? undefined} controls playsInline preload="none" className="aspect-video w-full max-w-3xl rounded-xl bg-stone-900" aria-label="Listing video">
              <track kind="captions" />
            </video>
          </section>
        ) : null}
        <section aria-labelledby="listing-photos" className="space-y-4">
          <div className="space-y-1">
            <h2 id="listing-photos" className="text-lg font-semibold text-stone-900">
              Altered photos and their originals
            </h2>
            <p className="max-w-3xl text-sm text-stone-700">
              Some listing photos of this property were altered. Each one is shown here beside the unaltered original photo, with a label saying
              what was done, so buyers and renters can see the property as it is.
            </p>
          </div>
          {listing.items.length === 0 ? (
            <EmptyState icon={ShieldCheck} title="No altered images yet" description="When the listing team publishes staged or edited photos, they appear here beside the originals." />
          ) : (
            <ul className="space-y-8">
              {listing.items.map((item, index) => (
                <li key={item.id}>
                  <AlteredImagePair item={item} number={index + 1} />
                </li>
              ))}
            </ul>
          )}
        </section>
      </main>
      <footer className="border-t border-stone-200 bg-white">
        <p className="mx-auto max-w-6xl px-4 py-4 text-xs text-stone-600 sm:px-6">Published by {listing.brokerage} with Atrium.</p>
      </footer>
    </div>
  );
}
