"use client";
import { BarChart3, CodeXml, CreditCard, FolderOpen, Settings, Users, type LucideIcon } from "lucide-react";
import Link from "next/link";
import { usePathname } from "next/navigation";
import { cx } from "@/components/ui/cx";
import { canManage, useWorkspace } from "./workspace-context";

export interface NavItem {
  href: string;
  label: string;
  icon: LucideIcon;
}

/**
 * The main navigation of a workspace. Add a section for a new workflow page here; items
 * only owners/admins may use are left out for agents rather than shown disabled.
 */
export function workspaceNav(slug: string, manager: boolean, owner = false): NavItem[] {
  const base = `/w/${slug}`;
  return [
    { href: `${base}/projects`, label: "Projects", icon: FolderOpen },
    { href: `${base}/usage`, label: "Usage", icon: BarChart3 },
    ...(owner ? [{ href: `${base}/billing`, label: "Billing", icon: CreditCard }] : []),
    ...(manager
      ? [
          { href: `${base}/settings/members`, label: "Members", icon: Users },
          { href: `${base}/developers`, label: "Developers", icon: CodeXml },
        ]
      : []),
    { href: `${base}/settings`, label: "Settings", icon: Settings },
  ];
}

export function SidebarNav({ onNavigate }: { onNavigate?: () => void }) {
  const workspace = useWorkspace();
  const pathname = usePathname();
  const items = workspaceNav(workspace.slug, canManage(workspace), workspace.role === "owner");
  // The longest matching href wins, so /settings/members does not also light up /settings.
  const active = items
    .filter((item) => pathname === item.href || pathname.startsWith(`${item.href}/`))
    .sort((a, b) => b.href.length - a.href.length)[0]?.href;
  return (
    <nav aria-label="Workspace">
      <ul className="space-y-1">
        {items.map(({ href, label, icon: Icon }) => (
          <li key={href}>
            <Link
              href={href}
              onClick={onNavigate}
              aria-current={href === active ? "page" : undefined}
              className={cx(
                "flex items-center gap-3 rounded-lg px-3 py-2 text-sm font-medium transition-colors",
                href === active ? "bg-accent-50 text-accent-800" : "text-stone-700 hover:bg-stone-100 hover:text-stone-900",
              )}
            >
              <Icon className={cx("size-4", href === active ? "text-accent-700" : "text-stone-500")} aria-hidden="true" />
              {label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
