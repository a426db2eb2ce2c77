"use client";
import { Lock } from "lucide-react";
import { useId, useState } from "react";
import { Button } from "@/components/ui";
import { keptAreasPhrase } from "@/shared/kept-areas";

export interface KeptOutline {
  /** The result. */
  imageUrl: string;
  /** The run's copy of the photo's keep mask (white where kept). */
  maskUrl: string;
  /** What each kept area is. */
  names: string[];
}

/**
 * "Show kept areas" (D17): the result with the areas kept exactly from the photo outlined
 * in teal. The outline is drawn from the mask by an SVG filter (the mask's white spread
 * by a few pixels, less the mask itself), so no script reads the stored image's pixels.
 */
export function KeptAreasOutline({ kept }: { kept: KeptOutline }) {
  const [open, setOpen] = useState(false);
  const filterId = useId().replace(/:/g, "");
  const phrase = keptAreasPhrase(kept.names.map((name) => ({ name })));
  return (
    <div className="space-y-2">
      <Button variant="secondary" size="sm" aria-pressed={open} onClick={() => setOpen((v) => !v)}>
        <Lock className="size-4" aria-hidden="true" />
        {open ? "Hide kept areas" : "Show kept areas"}
      </Button>
      {open ? (
        <figure className="space-y-1" data-testid="kept-outline">
          <div className="relative overflow-hidden rounded-lg border border-stone-200">
            {/* eslint-disable-next-line @next/next/no-img-element -- signed storage URLs, not optimisable */}
            <img src={kept.imageUrl} alt="Result" className="block w-full" />
            <svg
              viewBox="0 0 100 100"
              preserveAspectRatio="none"
              className="absolute inset-0 size-full"
              role="img"
              aria-label={`Kept from the photo, outlined: ${phrase}`}
            >
              <defs>
                <filter id={filterId} x="0" y="0" width="1" height="1" colorInterpolationFilters="sRGB">
                  {/* The mask's lightness becomes coverage; grown by a few pixels, less itself, it is a ring along each area's edge. */}
                  <feColorMatrix in="SourceGraphic" type="matrix" values="0 0 0 0 0  0 0 0 0 0  0 0 0 0 0  1 0 0 0 0" result="kept" />
                  <feMorphology in="kept" operator="dilate" radius="0.6" result="grown" />
                  <feComposite in="grown" in2="kept" operator="out" result="ring" />
                  <feFlood floodColor="#14b8a6" />
                  <feComposite in2="ring" operator="in" />
                </filter>
              </defs>
              <image href={kept.maskUrl} x="0" y="0" width="100" height="100" preserveAspectRatio="none" filter={`url(#${filterId})`} />
            </svg>
          </div>
          <figcaption className="text-sm text-stone-700">Outlined: {phrase}, kept exactly from the original photo.</figcaption>
        </figure>
      ) : null}
    </div>
  );
}
