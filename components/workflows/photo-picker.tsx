"use client";
import { Check } from "lucide-react";
import { memo } from "react";
import { ResizedImage } from "@/components/ui/resized-image";
import { cx } from "@/components/ui/cx";
import type { LabelledImage, StudioPhoto } from "./types";

interface PickerProps {
  legend: string;
  hint?: string;
  /** With a `kind` (LabelledImage), each tile says what it is and its name under the thumbnail. */
  photos: (StudioPhoto | LabelledImage)[];
  /** Photos that cannot be picked here (e.g. the anchor in the "other views" list). */
  disabledIds?: string[];
}

/**
 * Photos as a group of real radio buttons or checkboxes (keyboard and screen readers
 * work as usual); the thumbnail is the label. Memoized: a listing has up to a hundred
 * photos, and the form around it re-renders on every click that starts work (its button
 * turns pending), which would otherwise redraw every tile before the working card shows.
 */
export const PhotoPicker = memo(function PhotoPicker(
  props: PickerProps &
    (
      | { mode: "single"; value: string | null; onChange: (id: string) => void }
      | { mode: "multiple"; value: string[]; max?: number; onChange: (ids: string[]) => void }
    ),
) {
  const { legend, hint, photos, disabledIds = [] } = props;
  const name = legend.replace(/\W+/g, "-").toLowerCase();
  const selected = (id: string) => (props.mode === "single" ? props.value === id : props.value.includes(id));
  const full = props.mode === "multiple" && props.max !== undefined && props.value.length >= props.max;

  function toggle(id: string) {
    if (props.mode === "single") return props.onChange(id);
    props.onChange(props.value.includes(id) ? props.value.filter((v) => v !== id) : [...props.value, id]);
  }

  return (
    <fieldset>
      <legend className="text-sm font-medium text-stone-800">{legend}</legend>
      {hint ? <p className="mt-0.5 text-xs text-stone-600">{hint}</p> : null}
      <div className="mt-2 grid grid-cols-3 gap-2 sm:grid-cols-4 lg:grid-cols-6">
        {photos.map((photo) => {
          const checked = selected(photo.id);
          const disabled = disabledIds.includes(photo.id) || (!checked && full);
          return (
            <label
              key={photo.id}
              className={cx(
                "relative block cursor-pointer overflow-hidden rounded-lg ring-2 transition focus-within:ring-accent-600",
                checked ? "ring-accent-600" : "ring-transparent hover:ring-stone-300",
                disabled && "cursor-not-allowed opacity-40",
              )}
            >
              <input
                type={props.mode === "single" ? "radio" : "checkbox"}
                name={name}
                value={photo.id}
                checked={checked}
                disabled={disabled}
                onChange={() => toggle(photo.id)}
                className="peer sr-only"
              />
              {/* 140 px wide on a desktop, at most a quarter of a tablet: the 480-px thumbnail is enough, so no srcset (a listing's worth of links less in the page). */}
              <ResizedImage
                image={photo}
                alt={"kind" in photo ? "" : photo.fileName}
                className="aspect-[4/3] w-full bg-stone-100 object-cover"
              />
              {"kind" in photo ? (
                <span className="block bg-white px-1.5 py-1 text-xs">
                  <span className="block break-words font-medium text-stone-800">{photo.kind}</span>
                  <span className="block break-words text-stone-600">{photo.fileName}</span>
                </span>
              ) : null}
              {checked ? (
                <span className="absolute right-1 top-1 flex size-5 items-center justify-center rounded-full bg-accent-600 text-white">
                  <Check className="size-3.5" aria-hidden="true" />
                </span>
              ) : null}
            </label>
          );
        })}
      </div>
    </fieldset>
  );
});
