import { HomeLink } from "./logo";

/** A page outside any workspace (sign-in, sign-up, an invitation): the mark on a soft gradient, one column centred below. */
export function CenteredPage({ children }: { children: React.ReactNode }) {
  return (
    <div className="flex min-h-dvh flex-col bg-gradient-to-b from-accent-50 via-stone-50 to-stone-50">
      <header className="px-6 py-5">
        <HomeLink />
      </header>
      <main className="flex flex-1 items-start justify-center px-4 pb-16 pt-6 sm:pt-12">{children}</main>
    </div>
  );
}
