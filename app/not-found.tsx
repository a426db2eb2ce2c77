import type { Metadata } from "next";
import { connection } from "next/server";
import { Logo } from "@/components/shell/logo";
import { ButtonLink } from "@/components/ui/button";

export const metadata: Metadata = { title: "Page not found" };

/**
 * Every unknown address and every notFound(). Rendered per request, never prerendered:
 * pages run under a CSP whose nonce changes per response (proxy.ts), and a page built
 * ahead of time carries no nonce, so its scripts would be blocked.
 */
export default async function NotFound() {
  await connection();
  return (
    <div className="flex min-h-dvh flex-col items-center justify-center gap-6 bg-white px-4 text-center">
      <Logo />
      <main className="max-w-md">
        <h1 className="text-2xl font-semibold text-stone-900">Page not found</h1>
        <p className="mt-2 text-sm text-stone-600">This address does not lead anywhere in Atrium. It may have been mistyped, or the page was removed.</p>
        <div className="mt-6">
          <ButtonLink href="/">Go to the home page</ButtonLink>
        </div>
      </main>
    </div>
  );
}
