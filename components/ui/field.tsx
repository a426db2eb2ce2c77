"use client";
import { useId, type ComponentProps, type ReactNode } from "react";
import { cx } from "./cx";
import type { SelectOption } from "./options";

const CONTROL =
  "block w-full rounded-lg border-0 bg-white px-3 py-2 text-sm text-stone-900 shadow-sm ring-1 ring-inset ring-stone-300 " +
  "placeholder:text-stone-500 focus:ring-2 focus:ring-inset focus:ring-accent-600 focus:outline-none " +
  "disabled:bg-stone-100 disabled:text-stone-500 aria-invalid:ring-red-500";

interface FieldFrameProps {
  label: ReactNode;
  hint?: ReactNode;
  error?: string | null;
  className?: string;
  /** Visually hide the label (still read by screen readers). */
  hideLabel?: boolean;
}

/**
 * Label, control, hint and error wired together (htmlFor, aria-describedby,
 * aria-invalid) so every field is labelled and its error is announced.
 */
function FieldFrame({ label, hint, error, className, hideLabel, id, children }: FieldFrameProps & { id: string; children: ReactNode }) {
  return (
    <div className={cx("space-y-1.5", className)}>
      <label htmlFor={id} className={cx("block text-sm font-medium text-stone-800", hideLabel && "sr-only")}>
        {label}
      </label>
      {children}
      {hint && !error ? (
        <p id={`${id}-hint`} className="text-xs text-stone-600">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="text-xs font-medium text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}

function describedBy(id: string, hint: unknown, error: unknown) {
  return error ? `${id}-error` : hint ? `${id}-hint` : undefined;
}

export function TextField({ label, hint, error, className, hideLabel, ...props }: FieldFrameProps & ComponentProps<"input">) {
  const id = useId();
  return (
    <FieldFrame {...{ label, hint, error, className, hideLabel, id }}>
      <input
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, hint, error)}
        className={CONTROL}
        {...props}
      />
    </FieldFrame>
  );
}

export function TextAreaField({ label, hint, error, className, hideLabel, ...props }: FieldFrameProps & ComponentProps<"textarea">) {
  const id = useId();
  return (
    <FieldFrame {...{ label, hint, error, className, hideLabel, id }}>
      <textarea
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, hint, error)}
        className={cx(CONTROL, "min-h-24")}
        {...props}
      />
    </FieldFrame>
  );
}

/**
 * A select over a word list: `value` and `onValueChange` speak the options' own type
 * (a room type, a video mode…), so forms hold typed state without casting the DOM's string.
 */
export function SelectField<V extends string>({
  label,
  hint,
  error,
  className,
  hideLabel,
  options,
  onValueChange,
  onChange,
  ...props
}: FieldFrameProps &
  Omit<ComponentProps<"select">, "value" | "defaultValue"> & {
    value?: V;
    defaultValue?: V;
    options: readonly SelectOption<V>[];
    onValueChange?: (value: V) => void;
  }) {
  const id = useId();
  return (
    <FieldFrame {...{ label, hint, error, className, hideLabel, id }}>
      <select
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, hint, error)}
        className={cx(CONTROL, "pr-8")}
        onChange={(event) => {
          onChange?.(event);
          const chosen = options.find((option) => option.value === event.target.value);
          if (chosen) onValueChange?.(chosen.value);
        }}
        {...props}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </FieldFrame>
  );
}
