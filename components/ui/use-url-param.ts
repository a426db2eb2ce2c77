"use client";
import { usePathname, useSearchParams } from "next/navigation";
import { useCallback } from "react";

/**
 * A piece of page state kept in the query string (`?tab=video`), so a reload, a shared
 * link or the back button shows the same view. Uses history.replaceState, which Next.js
 * syncs with useSearchParams without a server round trip.
 */
export function useUrlParam(name: string): [string | null, (value: string | null) => void] {
  const searchParams = useSearchParams();
  const pathname = usePathname();
  const value = searchParams.get(name);
  const setValue = useCallback(
    (next: string | null) => {
      const params = new URLSearchParams(window.location.search);
      if (next === null) params.delete(name);
      else params.set(name, next);
      const query = params.toString();
      // State must be null: Next.js treats a state carrying its own markers as internal and skips the sync.
      window.history.replaceState(null, "", `${pathname}${query ? `?${query}` : ""}${window.location.hash}`);
    },
    [name, pathname],
  );
  return [value, setValue];
}
