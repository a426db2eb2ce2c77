/** Small numeric helpers for the bench: medians, percentiles, ratios and their display. */

export function percentile(values: number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[rank];
}

export const median = (values: number[]): number => percentile(values, 50);

export function ratio(atrium: number, baseline: number): number {
  return baseline === 0 ? Number.NaN : atrium / baseline;
}

export function fixed(value: number, digits = 1): string {
  return Number.isFinite(value) ? value.toFixed(digits) : "n/a";
}

export const ms = (value: number): string => `${fixed(value, value < 10 ? 2 : 0)} ms`;
export const seconds = (valueMs: number): string => `${fixed(valueMs / 1000, 2)} s`;
export const times = (value: number): string => `${fixed(value, 2)}×`;
export const mb = (bytes: number): string => `${fixed(bytes / 1024 / 1024, 0)} MB`;
export const kb = (bytes: number): string => `${fixed(bytes / 1024, 1)} kB`;

export async function timed<T>(work: () => Promise<T>): Promise<{ value: T; ms: number }> {
  const start = performance.now();
  const value = await work();
  return { value, ms: performance.now() - start };
}

/** The median of run-by-run ratios: alternating runs share the machine's drift, so this is steadier than a ratio of medians. */
export function pairedRatio(atrium: number[], baseline: number[]): number {
  return median(atrium.map((value, i) => ratio(value, baseline[i])));
}
