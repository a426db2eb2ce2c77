import { ShieldCheck } from "lucide-react";
import type { ReactNode } from "react";
import { BrokerageMark } from "./brokerage-mark";

/**
 * The frame of the public pages a buyer reaches (the listing page, one image's disclosure
 * page): the brokerage's mark, what the page discloses, and who published it.
 */
export function PublicListingFrame({ brokerage, disclosed, children }: { brokerage: string; disclosed: string; children: ReactNode }) {
  return (
    <div className="min-h-dvh bg-stone-50">
      <header className="border-b border-stone-200 bg-white">
        <div className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-x-4 gap-y-2 px-4 py-4 sm:px-6">
          <BrokerageMark name={brokerage} />
          <span className="inline-flex items-center gap-1.5 text-sm text-stone-600">
            <ShieldCheck className="size-4 text-accent-700" aria-hidden="true" />
            {disclosed}
          </span>
        </div>
      </header>
      {children}
      <footer className="border-t border-stone-200 bg-white">
        <p className="mx-auto max-w-6xl px-4 py-4 text-xs text-stone-600 sm:px-6">Published by {brokerage} with Atrium.</p>
      </footer>
    </div>
  );
}
