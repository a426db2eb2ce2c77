"use client";
import Link from "next/link";
import { usePathname } from "next/navigation";
import { useId, useRef, useState, type KeyboardEvent, type ReactNode } from "react";
import { cx } from "./cx";

const TAB = "whitespace-nowrap border-b-2 px-1 pb-3 text-sm font-medium transition-colors";
const ACTIVE = "border-accent-600 text-accent-700";
const IDLE = "border-transparent text-stone-600 hover:border-stone-300 hover:text-stone-900";

/**
 * Tabs that are pages (Settings → General / Members): links with aria-current. A page
 * below a tab's page (an endpoint under Webhooks) keeps that tab current; the longest
 * matching href wins, so /settings/members does not also light up /settings. Like the
 * in-page tabs, the row wraps on a phone: scrolled sideways, the current tab was cut
 * ("Conne…" for Developers → Connected apps at 390 px).
 */
export function LinkTabs({ tabs, label }: { tabs: { href: string; label: string }[]; label: string }) {
  const pathname = usePathname();
  const current = tabs
    .filter((tab) => pathname === tab.href || pathname.startsWith(`${tab.href}/`))
    .sort((a, b) => b.href.length - a.href.length)[0]?.href;
  return (
    <nav aria-label={label} className="border-b border-stone-200">
      <ul className="-mb-px flex flex-wrap gap-x-6 gap-y-1">
        {tabs.map((tab) => {
          const active = tab.href === current;
          return (
            <li key={tab.href}>
              <Link href={tab.href} aria-current={active ? "page" : undefined} className={cx(TAB, "inline-block", active ? ACTIVE : IDLE)}>
                {tab.label}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

/**
 * In-page tabs following the WAI-ARIA tabs pattern (arrow keys move between tabs). The
 * tab row wraps onto a second line on narrow screens rather than being cut off. Pass
 * `value` and `onValueChange` to control the selection (e.g. to keep it in the URL).
 * A panel's content is rendered the first time its tab is opened and then kept, so
 * what was typed survives switching tabs while a page with many heavy tabs renders and
 * hydrates only the open one.
 */
export function Tabs({
  tabs,
  label,
  value,
  onValueChange,
}: {
  tabs: { id: string; label: string; content: ReactNode }[];
  label: string;
  value?: string;
  onValueChange?: (id: string) => void;
}) {
  const [own, setOwn] = useState(tabs[0]?.id);
  const current = value !== undefined && tabs.some((tab) => tab.id === value) ? value : own;
  const [opened, setOpened] = useState<ReadonlySet<string | undefined>>(() => new Set([current]));
  if (!opened.has(current)) setOpened(new Set(opened).add(current));
  function setCurrent(id: string) {
    setOwn(id);
    onValueChange?.(id);
  }
  const baseId = useId();
  const refs = useRef<(HTMLButtonElement | null)[]>([]);

  function onKeyDown(event: KeyboardEvent, index: number) {
    const step = event.key === "ArrowRight" ? 1 : event.key === "ArrowLeft" ? -1 : 0;
    if (!step) return;
    event.preventDefault();
    const next = (index + step + tabs.length) % tabs.length;
    setCurrent(tabs[next].id);
    refs.current[next]?.focus();
  }

  return (
    <div>
      <div role="tablist" aria-label={label} className="flex flex-wrap gap-x-6 gap-y-1 border-b border-stone-200">
        {tabs.map((tab, index) => {
          const selected = tab.id === current;
          return (
            <button
              key={tab.id}
              ref={(el) => {
                refs.current[index] = el;
              }}
              type="button"
              role="tab"
              id={`${baseId}-tab-${tab.id}`}
              aria-selected={selected}
              aria-controls={`${baseId}-panel-${tab.id}`}
              tabIndex={selected ? 0 : -1}
              onClick={() => setCurrent(tab.id)}
              onKeyDown={(event) => onKeyDown(event, index)}
              className={cx(TAB, "-mb-px", selected ? ACTIVE : IDLE)}
            >
              {tab.label}
            </button>
          );
        })}
      </div>
      {tabs.map((tab) => (
        <div
          key={tab.id}
          role="tabpanel"
          id={`${baseId}-panel-${tab.id}`}
          aria-labelledby={`${baseId}-tab-${tab.id}`}
          hidden={tab.id !== current}
          className="pt-5"
        >
          {opened.has(tab.id) || tab.id === current ? tab.content : null}
        </div>
      ))}
    </div>
  );
}
