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
 * An image shown through its WebP copies with `sizes`, loaded lazily, never the multi-MB
 * original, which stays the fallback for an image whose copies are missing (stored
 * before they were made).
 */
export function ResizedImage({ image, alt, sizes, className }: { image: ResizedSource; alt: string; sizes: string; className?: string }) {
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
      srcSet={useCopies && image.displayUrl ? `${image.thumbUrl} 480w, ${image.displayUrl} 1600w` : undefined}
      sizes={useCopies && image.displayUrl ? sizes : undefined}
      alt={alt}
      loading="lazy"
      decoding="async"
      onError={() => setCopiesMissing(true)}
      className={className}
    />
  );
}
