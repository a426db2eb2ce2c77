"use client";
import { useId } from "react";
import { COLOR_OPTIONS } from "./options";

/** A wall color from the service's paint palette, each with its swatch. */
export function ColorField({
  value,
  onChange,
  label = "Wall color",
}: {
  value: string;
  onChange: (value: string) => void;
  label?: string;
}) {
  const id = useId();
  return (
    <fieldset>
      <legend className="text-sm font-medium text-stone-800">{label}</legend>
      <div className="mt-2 flex flex-wrap gap-2">
        {COLOR_OPTIONS.map((color) => (
          <label key={color.value} className="cursor-pointer" title={color.label}>
            <input
              type="radio"
              name={id}
              value={color.value}
              checked={value === color.value}
              onChange={() => onChange(color.value)}
              className="peer sr-only"
            />
            <span
              className="block size-8 rounded-full ring-1 ring-stone-300 peer-checked:ring-2 peer-checked:ring-accent-600 peer-checked:ring-offset-2 peer-focus-visible:ring-2 peer-focus-visible:ring-accent-600 peer-focus-visible:ring-offset-2"
              style={{ backgroundColor: color.hex }}
            />
            <span className="sr-only">{color.label}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
