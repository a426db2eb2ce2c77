"use client";
import { SelectField } from "@/components/ui";
import { overlapLabel, ROTATION_OVERLAP_HOURS, type RotationOverlapHours } from "@/shared/vocabulary";

/** How long the old key or signing secret keeps working after a rotation (D16's overlaps). */
export function OverlapField({
  label,
  value,
  onChange,
  error,
}: {
  label: string;
  value: RotationOverlapHours;
  onChange: (hours: RotationOverlapHours) => void;
  error: string | null;
}) {
  return (
    <SelectField
      label={label}
      value={String(value)}
      options={ROTATION_OVERLAP_HOURS.map((hours) => ({ value: String(hours), label: overlapLabel(hours) }))}
      onChange={(event) => onChange(Number(event.target.value) as RotationOverlapHours)}
      error={error}
    />
  );
}
