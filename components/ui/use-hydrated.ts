"use client";
import { useSyncExternalStore } from "react";

const noSubscription = () => () => {};

/**
 * False in the server's HTML and until React has hydrated the page, true after. A form
 * submitted before hydration would be sent by the browser itself, as a GET carrying its
 * fields in the address (a password included): its submit button waits for this.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}
