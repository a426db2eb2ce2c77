const UTC = new Intl.DateTimeFormat("en-GB", {
  day: "numeric",
  month: "short",
  year: "numeric",
  hour: "2-digit",
  minute: "2-digit",
  second: "2-digit",
  timeZone: "UTC",
});

/** A time as developers compare it with their own logs: in UTC, the same on the server and in every browser. */
export function utc(date: Date | string): string {
  return `${UTC.format(new Date(date))} UTC`;
}

export function Time({ date }: { date: Date | string }) {
  const value = new Date(date);
  return <time dateTime={value.toISOString()}>{utc(value)}</time>;
}
