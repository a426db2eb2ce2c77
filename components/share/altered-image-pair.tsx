import type { ReactNode } from "react";
import { ResizedImage } from "@/components/ui/resized-image";
import type { ImagePage } from "@/server/studio/exports/image-page";

// Two images side by side from 768 px (the page is at most 6xl wide), one above the other below.
const PAIR_SIZES = "(min-width: 768px) 540px, 100vw";

/**
 * One altered listing photo beside its unaltered original, the disclosure label on the
 * image and in the caption (MLS rules, California AB 723), the remark of what was done,
 * and "What changed" (the change map overlay and its summary) when there is one. Images
 * load as their WebP copies; "Full size" opens the original file.
 * `name` is the shared numbering's ("Photo 2"), so the remark and the page agree.
 * `children` is where more per-image disclosure goes.
 */
export function AlteredImagePair({
  item,
  name,
  caption,
  children,
}: {
  item: ImagePage["item"];
  name: string;
  caption?: string | null;
  children?: ReactNode;
}) {
  return (
    <article aria-labelledby={`item-${item.id}`} className="rounded-xl bg-white p-4 shadow-card ring-1 ring-stone-200 sm:p-5">
      <h3 id={`item-${item.id}`} className="mb-3 text-base font-semibold text-stone-900">
        {name}
      </h3>
      {caption ? (
        <p className="-mt-2 mb-3 text-sm text-stone-700" data-testid="altered-caption">
          {caption}
        </p>
      ) : null}
      <div className="grid gap-4 md:grid-cols-2">
        <figure className="space-y-2">
          <ResizedImage
            image={{ url: item.originalUrl, ...item.original }}
            sizes={PAIR_SIZES}
            alt={`${name}, unaltered original`}
            className="aspect-[4/3] w-full rounded-lg object-cover ring-1 ring-stone-200"
          />
          <figcaption className="flex flex-wrap items-baseline justify-between gap-x-3 text-sm text-stone-700">
            <span className="font-medium">Original photo (unaltered)</span>
            <FullSizeLink href={item.originalUrl} label={`${name}, unaltered original, full size`} />
          </figcaption>
        </figure>
        <figure className="space-y-2">
          <div className="relative">
            <ResizedImage
              image={{ url: item.alteredUrl, ...item.altered }}
              sizes={PAIR_SIZES}
              alt={`${name}, ${item.label.toLowerCase()}`}
              className="aspect-[4/3] w-full rounded-lg object-cover ring-1 ring-stone-200"
            />
            <span className="absolute bottom-2 left-2 rounded-full bg-stone-900/85 px-3 py-1 text-xs font-semibold text-white">
              {item.label}
            </span>
          </div>
          <figcaption className="space-y-1 text-sm text-stone-700">
            <span className="flex flex-wrap items-baseline justify-between gap-x-3">
              <span className="font-medium">{item.label}</span>
              <FullSizeLink href={item.alteredUrl} label={`${name}, ${item.label.toLowerCase()}, full size`} />
            </span>
            {item.remark ? <span className="block text-stone-600">{item.remark}</span> : null}
            {item.kept ? (
              <span className="block text-stone-600" data-testid="kept-areas">
                {item.kept}
              </span>
            ) : null}
          </figcaption>
          {item.changes ? (
            <details className="text-sm text-stone-700" data-testid="share-change-map">
              <summary className="cursor-pointer font-medium text-accent-700">What changed</summary>
              <div className="relative mt-2">
                <ResizedImage
                  image={{ url: item.alteredUrl, ...item.altered }}
                  sizes={PAIR_SIZES}
                  alt=""
                  className="block w-full rounded-lg ring-1 ring-stone-200"
                />
                {/* eslint-disable-next-line @next/next/no-img-element -- signed storage URLs */}
                <img
                  src={item.changes.overlayUrl}
                  alt={
                    item.changes.mode === "removed"
                      ? `${name}: what was removed, outlined in red`
                      : `${name}: where the image changed, in red`
                  }
                  loading="lazy"
                  className="absolute inset-0 h-full w-full rounded-lg"
                />
              </div>
              <p className="mt-1">{item.changes.summary.charAt(0).toUpperCase() + item.changes.summary.slice(1)}.</p>
            </details>
          ) : null}
        </figure>
      </div>
      {children}
    </article>
  );
}

function FullSizeLink({ href, label }: { href: string; label: string }) {
  return (
    <a
      href={href}
      target="_blank"
      rel="noopener"
      aria-label={label}
      className="text-sm font-medium text-accent-700 underline-offset-2 hover:underline"
    >
      Full size
    </a>
  );
}
