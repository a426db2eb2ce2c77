/** The brokerage's mark on its public pages: its initials in a tile (workspaces have no uploaded logo yet). */
export function BrokerageMark({ name }: { name: string }) {
  const initials =
    name
      .split(/\s+/)
      .filter((word) => /^[\p{L}\p{N}]/u.test(word))
      .slice(0, 2)
      .map((word) => word[0]!.toUpperCase())
      .join("") || "?";
  return (
    <span className="inline-flex min-w-0 items-center gap-2.5">
      <span
        aria-hidden="true"
        className="flex size-9 shrink-0 items-center justify-center rounded-lg bg-stone-900 text-sm font-bold tracking-wide text-white"
      >
        {initials}
      </span>
      <span className="truncate text-base font-semibold text-stone-900">{name}</span>
    </span>
  );
}
