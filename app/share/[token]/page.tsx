import { ShieldCheck } from "lucide-react";
import type { Metadata } from "next";
import { AlteredImagePair } from "@/components/share/altered-image-pair";
import { PublicListingFrame } from "@/components/share/public-listing-frame";
import { ListingSummary } from "@/components/share/listing-summary";
import { EmptyState } from "@/components/ui/empty-state";
import { orNotFound, serverApi } from "@/server/trpc/server-caller";

type Params = Promise<{ token: string }>;

// The page lists what the team picked for it; links to images are signed per request.
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
 * The public page of a listing as its latest published version shows it: the brokerage, the agent to
 * contact, the property and the description saved for the page, the picked videos, then
 * the picked altered images (virtually staged, style preview, digitally altered) in the
 * picked order, numbered as the MLS remark numbers them, each beside the unaltered
 * original with the label of what was done and, where there is one, what changed
 * (shared/disclosure.ts; MLS rules, California AB 723), and which version this is. An
 * unknown or unpublished link is the branded 404.
 */
export default async function SharePage({ params }: { params: Params }) {
  const listing = await load(params);
  return (
    <PublicListingFrame brokerage={listing.brokerage} disclosed="Altered images disclosed">
      <main className="mx-auto max-w-6xl space-y-10 px-4 py-8 sm:px-6">
        <ListingSummary listing={listing} />
        {listing.videos.length > 0 ? (
          <section aria-labelledby="listing-video" className="space-y-3">
            <h2 id="listing-video" className="text-lg font-semibold text-stone-900">
              {listing.videos.length === 1 ? "Video" : "Videos"}
            </h2>
            <ul className="space-y-6">
              {listing.videos.map((video) => (
                <li key={video.id} className="max-w-3xl space-y-2">
                  <div className="relative">
                    <video
                      src={video.url}
                      poster={video.posterUrl ?? undefined}
                      controls
                      playsInline
                      preload="none"
                      className="aspect-video w-full rounded-xl bg-stone-900"
                      aria-label={listing.videos.length === 1 ? "Listing video" : `Listing ${video.name.toLowerCase()}`}
                    >
                      <track kind="captions" />
                    </video>
                    {video.label ? (
                      <span className="absolute left-2 top-2 rounded-full bg-stone-900/85 px-3 py-1 text-xs font-semibold text-white">
                        {video.label}
                      </span>
                    ) : null}
                  </div>
                  <p className="text-sm text-stone-700">
                    <span className="font-medium">{video.name}</span>
                    {video.caption ? `: ${video.caption}` : null}
                    {video.remark ? <span className="block text-stone-600">{video.remark}</span> : null}
                  </p>
                </li>
              ))}
            </ul>
          </section>
        ) : null}
        <section aria-labelledby="listing-photos" className="space-y-4">
          <div className="space-y-1">
            <h2 id="listing-photos" className="text-lg font-semibold text-stone-900">
              Altered photos and their originals
            </h2>
            <p className="max-w-3xl text-sm text-stone-700">
              Some listing photos of this property were altered. Each one is shown here beside the unaltered original photo, with a label
              saying what was done, so buyers and renters can see the property as it is.
            </p>
          </div>
          {listing.items.length === 0 ? (
            <EmptyState
              icon={ShieldCheck}
              title="No photos published"
              description="The listing team has not put staged or edited photos on this page yet."
            />
          ) : (
            <ul className="space-y-8">
              {listing.items.map((item) => (
                <li key={item.id}>
                  <AlteredImagePair item={item} name={item.name} caption={item.caption} />
                </li>
              ))}
            </ul>
          )}
        </section>
        <p className="text-xs text-stone-600" data-testid="listing-version">
          This page: {listing.version.stamp}. The listing&apos;s MLS remark and photo files name the version they were made from.
        </p>
      </main>
    </PublicListingFrame>
  );
}
