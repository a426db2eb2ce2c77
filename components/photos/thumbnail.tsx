"use client";
import { useEffect, useRef, useState } from "react";

export interface ThumbnailSource {
  url: string;
  /** The 480-px WebP copy (server/images/derivatives.ts); absent for results. */
  thumbUrl?: string;
  /** The 1600-px WebP copy, for dense screens where the tile needs more than 480 px. */
  displayUrl?: string;
}

/**
 * A photo as a tile: the small WebP copies with `sizes`, loaded lazily, never the
 * multi-MB original, which stays the fallback for a photo whose copies are missing
 * (uploaded before they were made).
 */
export function Thumbnail({ photo, alt, sizes, className }: { photo: ThumbnailSource; alt: string; sizes: string; className?: string }) {
  const image = useRef<HTMLImageElement>(null);
  const [copiesMissing, setCopiesMissing] = useState(false);
  const useCopies = Boolean(photo.thumbUrl) && !copiesMissing;
  // An error before hydration fires no React handler: look once the element is ours.
  useEffect(() => {
    const element = image.current;
    if (element?.complete && element.naturalWidth === 0 && useCopies) setCopiesMissing(true);
  }, [useCopies]);
  return (
    // eslint-disable-next-line @next/next/no-img-element -- signed storage URLs, resized by us
    <img
      ref={image}
      src={useCopies ? photo.thumbUrl : photo.url}
      srcSet={useCopies && photo.displayUrl ? `${photo.thumbUrl} 480w, ${photo.displayUrl} 1600w` : undefined}
      sizes={useCopies && photo.displayUrl ? sizes : undefined}
      alt={alt}
      loading="lazy"
      decoding="async"
      onError={() => setCopiesMissing(true)}
      className={className}
    />
  );
}
