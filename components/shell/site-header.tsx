import { Logo } from "@/components/shell/logo";
import { ButtonLink } from "@/components/ui/button";

/** The public pages' header (home, pricing): the logo, and the way in or back to the studio. */
export function SiteHeader({ signedIn, pricingLink = false }: { signedIn: boolean; pricingLink?: boolean }) {
  return (
    <header className="mx-auto flex max-w-6xl items-center justify-between px-4 py-5 sm:px-6">
      <Logo />
      <nav aria-label="Account" className="flex items-center gap-2">
        {pricingLink ? (
          // From sm up only: beside Sign in and Get started it would not fit a 360 px phone (the footer has it).
          <span className="hidden sm:block">
            <ButtonLink href="/pricing" variant="ghost">
              Pricing
            </ButtonLink>
          </span>
        ) : null}
        {signedIn ? (
          <ButtonLink href="/workspaces">Open studio</ButtonLink>
        ) : (
          <>
            <ButtonLink href="/sign-in" variant="ghost">
              Sign in
            </ButtonLink>
            <ButtonLink href="/sign-up">Get started</ButtonLink>
          </>
        )}
      </nav>
    </header>
  );
}
