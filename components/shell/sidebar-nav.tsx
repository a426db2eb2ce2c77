"use client";
import { BarChart3, CodeXml, CreditCard, FolderOpen, Settings, Users, type LucideIcon } from "lucide-react";
import Link from "next/link";
import { usePathname } from "next/navigation";
import { cx } from "@/components/ui/cx";
import { allows, type Permission } from "@/shared/roles";
import { useWorkspace } from "./workspace-context";

export interface NavItem {
  href: string;
  label: string;
  icon: LucideIcon;
}

/**
 * The main navigation of a workspace. Add a section for a new workflow page here; a
 * section that needs a permission is left out for members without it rather than shown disabled.
 */
export function workspaceNav(workspace: { slug: string; permissions: readonly Permission[] }): NavItem[] {
  const base = `/w/${workspace.slug}`;
  const sections: (NavItem & { needs?: Permission })[] = [
    { href: `${base}/projects`, label: "Projects", icon: FolderOpen },
    { href: `${base}/usage`, label: "Usage", icon: BarChart3 },
    { href: `${base}/billing`, label: "Billing", icon: CreditCard, needs: "manage_billing" },
    { href: `${base}/settings/members`, label: "Members", icon: Users, needs: "manage_members" },
    { href: `${base}/developers`, label: "Developers", icon: CodeXml, needs: "manage_developers" },
    { href: `${base}/settings`, label: "Settings", icon: Settings },
  ];
  return sections.filter(({ needs }) => !needs || allows(workspace, needs)).map(({ href, label, icon }) => ({ href, label, icon }));
}

export function SidebarNav({ onNavigate }: { onNavigate?: () => void }) {
  const workspace = useWorkspace();
  const pathname = usePathname();
  const items = workspaceNav(workspace);
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
