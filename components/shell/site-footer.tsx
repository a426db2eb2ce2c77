import type { ReactNode } from "react";
import { Logo } from "./logo";

/** The public pages' footer: the logo, then what the page adds (a line, links). */
export function SiteFooter({ children }: { children: ReactNode }) {
  return (
    <footer className="border-t border-stone-200">
      <div className="mx-auto flex max-w-6xl flex-col items-center justify-between gap-3 px-4 py-8 text-sm text-stone-600 sm:flex-row sm:px-6">
        <Logo className="text-base" />
        {children}
      </div>
    </footer>
  );
}
