"use client";
import { useId, useState } from "react";
import { ResizedImage, type ResizedSource } from "@/components/ui/resized-image";

// Results sit two to a row from 640 px: both images get the same copy, so they stay aligned.
const SLIDER_SIZES = "(min-width: 640px) 50vw, 100vw";

/**
 * The result over the original with a draggable divider. The divider is a real range
 * input (arrow keys move it, screen readers announce the value).
 */
export function BeforeAfterSlider({ before, after, label }: { before: ResizedSource; after: ResizedSource; label: string }) {
  const [split, setSplit] = useState(50);
  const id = useId();
  return (
    <figure className="space-y-2">
      <div className="relative aspect-[4/3] overflow-hidden rounded-lg bg-stone-100 ring-1 ring-stone-200">
        <ResizedImage image={after} sizes={SLIDER_SIZES} alt={`${label}, result`} className="absolute inset-0 size-full object-cover" />
        <div className="absolute inset-0" style={{ clipPath: `inset(0 ${100 - split}% 0 0)` }}>
          <ResizedImage image={before} sizes={SLIDER_SIZES} alt={`${label}, original`} className="size-full object-cover" />
        </div>
        <div aria-hidden="true" className="pointer-events-none absolute inset-y-0 w-0.5 bg-white shadow" style={{ left: `${split}%` }} />
        <span className="absolute left-2 top-2 rounded bg-stone-900/75 px-1.5 py-0.5 text-xs font-medium text-white">Before</span>
        <span className="absolute right-2 top-2 rounded bg-stone-900/75 px-1.5 py-0.5 text-xs font-medium text-white">After</span>
        <input
          id={id}
          type="range"
          min={0}
          max={100}
          value={split}
          onChange={(event) => setSplit(Number(event.target.value))}
          aria-label={`${label}: before and after divider`}
          aria-valuetext={`${split}% original`}
          className="absolute inset-0 size-full cursor-ew-resize opacity-0"
        />
      </div>
      <figcaption className="sr-only">{label}: drag or use arrow keys to compare the original with the result.</figcaption>
    </figure>
  );
}
