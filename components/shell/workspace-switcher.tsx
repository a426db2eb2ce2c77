"use client";
import { Check, ChevronsUpDown, Plus } from "lucide-react";
import Link from "next/link";
import { Menu, menuItemClasses } from "@/components/ui/menu";
import type { WorkspaceSummary } from "@/server/studio/workspaces/list-workspaces";
import { ROLE_LABELS } from "@/shared/vocabulary";

/** The current brokerage, and a quick way to switch to another or create one. */
export function WorkspaceSwitcher({ current, workspaces }: { current: WorkspaceSummary; workspaces: WorkspaceSummary[] }) {
  return (
    <Menu
      align="start"
      className="w-full"
      triggerLabel={`Workspace: ${current.name}. Switch workspace`}
      trigger={
        <span className="flex w-full items-center gap-3 rounded-lg px-2 py-2 ring-1 ring-stone-200 hover:bg-stone-100">
          <span
            className="flex size-8 shrink-0 items-center justify-center rounded-md bg-accent-100 text-sm font-semibold text-accent-800"
            aria-hidden="true"
          >
            {current.name[0]?.toUpperCase()}
          </span>
          <span className="min-w-0 flex-1">
            {/* Two lines, not one: long brokerage names that share a beginning stay apart. */}
            <span className="line-clamp-2 break-words text-sm font-semibold text-stone-900" title={current.name}>
              {current.name}
            </span>
            <span className="block text-xs text-stone-600">{ROLE_LABELS[current.role]}</span>
          </span>
          <ChevronsUpDown className="size-4 text-stone-500" aria-hidden="true" />
        </span>
      }
    >
      {(close) => (
        <>
          <p className="px-3 pb-1 pt-2 text-xs font-medium uppercase tracking-wide text-stone-600">Workspaces</p>
          <ul>
            {workspaces.map((workspace) => (
              <li key={workspace.id}>
                <Link
                  href={`/w/${workspace.slug}/projects`}
                  onClick={close}
                  aria-current={workspace.id === current.id ? "true" : undefined}
                  className={menuItemClasses}
                >
                  <span className="min-w-0 flex-1 break-words" title={workspace.name}>
                    <span className="line-clamp-2">{workspace.name}</span>
                    <span className="block truncate text-xs text-stone-600">
                      {ROLE_LABELS[workspace.role]} · {workspace.slug}
                    </span>
                  </span>
                  {workspace.id === current.id ? <Check className="size-4 text-accent-600" aria-hidden="true" /> : null}
                </Link>
              </li>
            ))}
          </ul>
          <div className="mt-1 border-t border-stone-200 pt-1">
            <Link href="/workspaces?new=1" onClick={close} className={menuItemClasses}>
              <Plus className="size-4" aria-hidden="true" />
              Create workspace
            </Link>
          </div>
        </>
      )}
    </Menu>
  );
}
