import { DoorClosed } from "lucide-react";
import type { Metadata } from "next";
import Link from "next/link";
import { connection } from "next/server";
import { HomeLink } from "@/components/shell/logo";
import { buttonClasses } from "@/components/ui/button";

export const metadata: Metadata = { title: "Page not found", robots: { index: false, follow: false } };

/**
 * Every missing page, including an unknown or turned-off share link: branded, with a
 * way back, and saying plainly what may have happened.
 * Rendered per request, never prerendered: pages run under a CSP whose nonce changes per
 * response (proxy.ts), and a page built ahead of time carries no nonce, so its scripts
 * would be blocked.
 */
export default async function NotFound() {
  await connection();
  return (
    <div className="flex min-h-dvh flex-col bg-stone-50">
      <header className="border-b border-stone-200 bg-white">
        <div className="mx-auto flex max-w-6xl items-center px-4 py-4 sm:px-6">
          <HomeLink />
        </div>
      </header>
      <main className="mx-auto flex w-full max-w-xl flex-1 flex-col items-center justify-center px-4 py-16 text-center">
        <span className="flex size-14 items-center justify-center rounded-full bg-accent-50 text-accent-700">
          <DoorClosed className="size-7" aria-hidden="true" />
        </span>
        <p className="mt-6 text-sm font-semibold text-accent-700">404</p>
        <h1 className="mt-1 text-2xl font-semibold text-stone-900">This page isn’t here</h1>
        <p className="mt-3 text-sm text-stone-700">
          The address may be mistyped, or the page was removed. A listing link you were sent may have been turned off by the listing team —
          ask them for a new one.
        </p>
        <div className="mt-8 flex flex-wrap justify-center gap-3">
          <Link href="/" className={buttonClasses("primary", "md")}>
            Go to the home page
          </Link>
          <Link href="/workspaces" className={buttonClasses("secondary", "md")}>
            Open your workspaces
          </Link>
        </div>
      </main>
    </div>
  );
}
