/** "2026-03" → "March 2026" (or "Mar" when short), in UTC like the service's months. */
export function monthLabel(month: string, short = false): string {
  const [year, index] = month.split("-").map(Number);
  const date = new Date(Date.UTC(year, index - 1, 1));
  return date.toLocaleString("en-US", short ? { month: "short", timeZone: "UTC" } : { month: "long", year: "numeric", timeZone: "UTC" });
}
