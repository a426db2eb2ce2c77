import Link from "next/link";
import { cx } from "@/components/ui/cx";

/** The Atrium mark: an arched doorway, the room you walk into. */
export function Logo({ className, withName = true }: { className?: string; withName?: boolean }) {
  return (
    <span className={cx("inline-flex items-center gap-2 font-semibold tracking-tight text-stone-900", className)}>
      <svg viewBox="0 0 32 32" className="size-7" aria-hidden="true">
        <rect width="32" height="32" rx="8" className="fill-accent-600" />
        <path d="M9 25V15a7 7 0 0 1 14 0v10" fill="none" stroke="white" strokeWidth="2.5" strokeLinecap="round" />
        <path d="M13 25v-8a3 3 0 0 1 6 0v8" fill="none" stroke="white" strokeOpacity="0.6" strokeWidth="2" strokeLinecap="round" />
      </svg>
      {withName ? <span className="text-lg">Atrium</span> : null}
    </span>
  );
}

/** The mark as the way home: the landing page, or where the page's people start. */
export function HomeLink({ href = "/", className }: { href?: string; className?: string }) {
  return (
    <Link href={href} className={className} aria-label="Atrium home">
      <Logo />
    </Link>
  );
}
