import { cx } from "./cx";

/** A grey placeholder block while content loads; hidden from assistive tech. */
export function Skeleton({ className }: { className?: string }) {
  return <div aria-hidden="true" className={cx("animate-pulse rounded-md bg-stone-200", className)} />;
}

/**
 * A list page while it loads: its title and lead line, a grid of tiles, then whatever
 * else the page shows below (children). Announced as `label` to assistive tech.
 */
export function PageSkeleton(props: {
  label: string;
  titleWidth: string;
  leadWidth: string;
  grid: string;
  tiles: number;
  tile: string;
  children?: React.ReactNode;
}) {
  return (
    <div role="status" aria-label={props.label}>
      <Skeleton className={cx("mb-2 h-8", props.titleWidth)} />
      <Skeleton className={cx("mb-8 h-4", props.leadWidth, "max-w-full")} />
      <div className={props.grid}>
        {Array.from({ length: props.tiles }, (_, i) => (
          <Skeleton key={i} className={props.tile} />
        ))}
      </div>
      {props.children}
    </div>
  );
}
