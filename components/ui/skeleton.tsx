import { cx } from "./cx";

/** A grey placeholder block while content loads; hidden from assistive tech. */
export function Skeleton({ className }: { className?: string }) {
  return <div aria-hidden="true" className={cx("animate-pulse rounded-md bg-stone-200", className)} />;
}
