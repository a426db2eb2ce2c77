"use client";
import { Menu as MenuIcon, X } from "lucide-react";
import { usePathname } from "next/navigation";
import { useEffect, useRef, useState, type ReactNode } from "react";
import { CreditBalance } from "@/components/credits/credit-balance";
import { cx } from "@/components/ui/cx";
import type { WorkspaceSummary } from "@/server/studio/workspaces/list-workspaces";
import { HomeLink } from "./logo";
import { SidebarNav } from "./sidebar-nav";
import { UserMenu } from "./user-menu";
import { WorkspaceProvider } from "./workspace-context";
import { WorkspaceSwitcher } from "./workspace-switcher";

/**
 * The frame of every workspace page: a sidebar (workspace switcher, navigation) that
 * becomes a slide-over drawer below the lg breakpoint, a top bar with the user menu,
 * and a skip link to the main content.
 */
export function AppShell({
  workspace,
  workspaces,
  user,
  children,
}: {
  workspace: WorkspaceSummary;
  workspaces: WorkspaceSummary[];
  user: { name: string; email: string };
  children: ReactNode;
}) {
  const [drawerOpen, setDrawerOpen] = useState(false);
  const closeButton = useRef<HTMLButtonElement>(null);
  const pathname = usePathname();
  useEffect(() => setDrawerOpen(false), [pathname]);
  useEffect(() => {
    if (!drawerOpen) return;
    // Move focus into the drawer so keyboard users start where they just opened it.
    closeButton.current?.focus();
    const onKey = (event: KeyboardEvent) => event.key === "Escape" && setDrawerOpen(false);
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, [drawerOpen]);

  const sidebar = (
    <div className="flex h-full flex-col gap-6 px-4 py-5">
      <HomeLink href={`/w/${workspace.slug}/projects`} className="px-2" />
      <WorkspaceSwitcher current={workspace} workspaces={workspaces} />
      <SidebarNav onNavigate={() => setDrawerOpen(false)} />
      <div className="mt-auto">
        <CreditBalance onNavigate={() => setDrawerOpen(false)} />
      </div>
    </div>
  );

  return (
    <WorkspaceProvider workspace={workspace}>
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:fixed focus:left-4 focus:top-4 focus:z-50 focus:rounded-lg focus:bg-white focus:px-4 focus:py-2 focus:shadow-pop"
      >
        Skip to content
      </a>
      <div className="min-h-dvh lg:pl-64">
        <aside className="fixed inset-y-0 left-0 hidden w-64 border-r border-stone-200 bg-white lg:block">{sidebar}</aside>

        <div className={cx("fixed inset-0 z-40 lg:hidden", drawerOpen ? "" : "pointer-events-none invisible")} inert={!drawerOpen}>
          <div
            className={cx("absolute inset-0 bg-stone-900/40 transition-opacity", drawerOpen ? "opacity-100" : "opacity-0")}
            onClick={() => setDrawerOpen(false)}
          />
          <div
            id="mobile-sidebar"
            className={cx(
              "absolute inset-y-0 left-0 w-72 max-w-[85%] bg-white shadow-pop transition-transform",
              drawerOpen ? "translate-x-0" : "-translate-x-full",
            )}
          >
            <button
              ref={closeButton}
              type="button"
              onClick={() => setDrawerOpen(false)}
              className="absolute right-3 top-4 rounded-md p-1.5 text-stone-600 hover:bg-stone-100"
              aria-label="Close navigation"
            >
              <X className="size-5" aria-hidden="true" />
            </button>
            {sidebar}
          </div>
        </div>

        <header className="sticky top-0 z-30 flex h-16 items-center gap-3 border-b border-stone-200 bg-white/85 px-4 backdrop-blur sm:px-6">
          <button
            type="button"
            onClick={() => setDrawerOpen(true)}
            className="rounded-md p-2 text-stone-700 hover:bg-stone-100 lg:hidden"
            aria-label="Open navigation"
            aria-expanded={drawerOpen}
            aria-controls="mobile-sidebar"
          >
            <MenuIcon className="size-5" aria-hidden="true" />
          </button>
          <span className="truncate text-sm font-medium text-stone-700 lg:hidden">{workspace.name}</span>
          <div className="ml-auto">
            <UserMenu user={user} />
          </div>
        </header>

        <main id="main" tabIndex={-1} className="mx-auto w-full max-w-7xl px-4 py-8 focus:outline-none sm:px-6 lg:px-8">
          {children}
        </main>
      </div>
    </WorkspaceProvider>
  );
}
