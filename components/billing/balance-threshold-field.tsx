import { TextField } from "@/components/ui/field";

/** The balance, in credits, under which a billing setting acts: the low-balance mail and auto top-up ask it the same way. */
export function BalanceThresholdField({
  value,
  disabled,
  onChange,
  className,
}: {
  value: string;
  disabled: boolean;
  onChange: (value: string) => void;
  className?: string;
}) {
  return (
    <TextField
      className={className}
      label="When the balance falls under"
      type="number"
      min={1}
      inputMode="numeric"
      value={value}
      disabled={disabled}
      onChange={(e) => onChange(e.target.value)}
      hint="credits"
    />
  );
}
