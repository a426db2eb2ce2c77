"use client";
import { useId } from "react";
import { INTENSITY } from "@/shared/vocabulary";

/** How strongly the service may change the photo, 0.1 to 1.0. */
export function IntensityField({ value, onChange }: { value: number; onChange: (value: number) => void }) {
  const id = useId();
  return (
    <div className="space-y-1.5">
      <div className="flex items-baseline justify-between">
        <label htmlFor={id} className="text-sm font-medium text-stone-800">
          Intensity
        </label>
        <output htmlFor={id} className="text-sm tabular-nums text-stone-600">
          {Math.round(value * 100)}%
        </output>
      </div>
      <input
        id={id}
        type="range"
        min={INTENSITY.min}
        max={INTENSITY.max}
        step={0.05}
        value={value}
        onChange={(event) => onChange(Number(event.target.value))}
        aria-describedby={`${id}-hint`}
        className="w-full accent-accent-600"
      />
      <p id={`${id}-hint`} className="text-xs text-stone-600">
        Lower keeps more of the original room; higher gives the service more freedom.
      </p>
    </div>
  );
}
