"use client";
import dynamic from "next/dynamic";

/**
 * The usage chart, loaded after first paint: recharts is about 100 kB gzipped, which
 * would otherwise more than double the usage page's first-load JavaScript. The table
 * below the chart carries the same numbers meanwhile.
 */
export const UsageChart = dynamic(() => import("./usage-chart").then((m) => m.UsageChart), {
  ssr: false,
  loading: () => <div aria-hidden="true" className="h-64 w-full animate-pulse rounded-lg bg-stone-100" />,
});
