"use client";
import { useEffect, useRef, useState } from "react";

export interface ResizedSource {
  url: string;
  /** The 480-px WebP copy (server/images/derivatives.ts). */
  thumbUrl?: string | null;
  /** The 1600-px WebP copy, for large tiles and dense screens. */
  displayUrl?: string | null;
}

/**
 * An image shown through its WebP copies with `sizes`, never the multi-MB original, which
 * stays the fallback for an image whose copies are missing (stored before they were made).
 * Loaded lazily, except with `priority` for the images of the first screen: a lazy image
 * is only requested once layout has placed it, so those would wait for the page's CSS and
 * layout before their download even starts.
 */
export function ResizedImage({
  image,
  alt,
  sizes,
  className,
  priority = false,
}: {
  image: ResizedSource;
  alt: string;
  /** How wide the image is shown, for the browser to pick a copy; without it the thumbnail alone (small tiles, which it covers even on dense screens). */
  sizes?: string;
  className?: string;
  priority?: boolean;
}) {
  const element = useRef<HTMLImageElement>(null);
  const [copiesMissing, setCopiesMissing] = useState(false);
  const useCopies = Boolean(image.thumbUrl) && !copiesMissing;
  // An error before hydration fires no React handler: look once the element is ours.
  useEffect(() => {
    const img = element.current;
    if (img?.complete && img.naturalWidth === 0 && useCopies) setCopiesMissing(true);
  }, [useCopies]);
  return (
    // eslint-disable-next-line @next/next/no-img-element -- signed storage URLs, resized by us
    <img
      ref={element}
      src={useCopies ? image.thumbUrl! : image.url}
      srcSet={useCopies && image.displayUrl && sizes ? `${image.thumbUrl} 480w, ${image.displayUrl} 1600w` : undefined}
      sizes={useCopies && image.displayUrl && sizes ? sizes : undefined}
      alt={alt}
      loading={priority ? "eager" : "lazy"}
      fetchPriority={priority ? "high" : undefined}
      decoding="async"
      onError={() => setCopiesMissing(true)}
      className={className}
    />
  );
}
