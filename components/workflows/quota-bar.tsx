import { cx } from "@/components/ui/cx";

/** The monthly quota as the service counts it (GET /me): used of allowed, with a meter. */
export function QuotaBar({ used, quota }: { used: number; quota: number }) {
  const share = quota > 0 ? Math.min(100, (used / quota) * 100) : 100;
  const tone = share >= 90 ? "bg-red-600" : share >= 75 ? "bg-amber-500" : "bg-accent-600";
  return (
    <div className="space-y-2">
      <div className="flex items-baseline justify-between gap-2 text-sm">
        <span className="font-medium text-stone-900">Monthly quota</span>
        <span className="tabular-nums text-stone-700">
          {used.toLocaleString("en-US")} of {quota.toLocaleString("en-US")} requests
        </span>
      </div>
      <div
        role="meter"
        aria-label="Monthly quota used"
        aria-valuemin={0}
        aria-valuemax={quota}
        aria-valuenow={used}
        aria-valuetext={`${used} of ${quota} requests used`}
        className="h-2.5 overflow-hidden rounded-full bg-stone-200"
      >
        <div className={cx("h-full rounded-full", tone)} style={{ width: `${Math.max(share, used > 0 ? 1 : 0)}%` }} />
      </div>
      <p className="text-xs text-stone-600">Each generation request uses one; resets on the 1st of each month (UTC).</p>
    </div>
  );
}
