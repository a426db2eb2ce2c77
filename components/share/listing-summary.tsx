import { Mail, UserRound } from "lucide-react";
import { formatPrice, formatRooms, LISTING_TYPE_LABELS } from "@/components/projects/format";
import type { ShareListing } from "@/server/studio/exports/show-share";
import { PROPERTY_TYPE_LABELS } from "@/shared/vocabulary";

/** The top of a listing page: address, price and facts, the copy, and who to contact. */
export function ListingSummary({ listing }: { listing: ShareListing }) {
  const { facts } = listing;
  const price = formatPrice(facts.price, facts.listingType);
  const details = [
    PROPERTY_TYPE_LABELS[facts.propertyType],
    LISTING_TYPE_LABELS[facts.listingType],
    formatRooms(facts.bedrooms, facts.bathrooms),
  ].filter(Boolean);
  return (
    <div className="grid grid-cols-1 gap-6 lg:grid-cols-[1fr_18rem]">
      <div className="min-w-0 space-y-3">
        <h1 className="text-2xl font-semibold break-words text-stone-900 sm:text-3xl">{listing.address}</h1>
        <p className="flex flex-wrap items-baseline gap-x-3 gap-y-1 text-stone-700">
          {price ? <span className="text-xl font-semibold text-stone-900">{price}</span> : null}
          <span className="text-sm">{details.join(" · ")}</span>
        </p>
        {listing.description ? (
          <section aria-labelledby="listing-description" className="pt-2">
            <h2 id="listing-description" className="sr-only">
              About this property
            </h2>
            <p className="max-w-3xl whitespace-pre-line text-sm leading-relaxed text-stone-800">{listing.description}</p>
          </section>
        ) : null}
      </div>
      {listing.agent ? (
        <aside aria-labelledby="listing-agent" className="h-fit min-w-0 rounded-xl bg-white p-4 shadow-card ring-1 ring-stone-200">
          <h2 id="listing-agent" className="text-xs font-semibold uppercase tracking-wide text-stone-600">
            Listing agent
          </h2>
          <p className="mt-2 flex items-center gap-2 font-medium text-stone-900">
            <UserRound className="size-4 text-stone-600" aria-hidden="true" />
            {listing.agent.name}
          </p>
          <p className="mt-0.5 text-sm text-stone-700">{listing.brokerage}</p>
          {listing.agent.email ? (
            <a
              href={`mailto:${listing.agent.email}`}
              className="mt-3 inline-flex max-w-full items-center gap-2 text-sm font-medium text-accent-700 hover:underline"
            >
              <Mail className="size-4 shrink-0" aria-hidden="true" />
              <span className="truncate">{listing.agent.email}</span>
            </a>
          ) : null}
        </aside>
      ) : null}
    </div>
  );
}
