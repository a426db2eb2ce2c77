"use client";
import { useMutation } from "@tanstack/react-query";
import { LogOut, MonitorSmartphone } from "lucide-react";
import { signOut } from "next-auth/react";
import { useTRPC } from "@/components/trpc/client";
import { Menu, menuItemClasses } from "@/components/ui/menu";

export function initials(name: string): string {
  return name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]!.toUpperCase())
    .join("");
}

/** The signed-in person in the top bar, with sign-out here or on every device. */
export function UserMenu({ user }: { user: { name: string; email: string } }) {
  const trpc = useTRPC();
  const everywhere = useMutation(trpc.auth.signOutEverywhere.mutationOptions({ onSuccess: () => signOut({ callbackUrl: "/sign-in" }) }));
  return (
    <Menu
      triggerLabel={`Account menu for ${user.name}`}
      trigger={
        <span className="flex items-center gap-2 rounded-full p-0.5 hover:bg-stone-100">
          <span
            className="flex size-8 items-center justify-center rounded-full bg-stone-800 text-xs font-semibold text-white"
            aria-hidden="true"
          >
            {initials(user.name) || "?"}
          </span>
          <span className="hidden pr-2 text-sm font-medium text-stone-800 sm:inline">{user.name}</span>
        </span>
      }
    >
      {() => (
        <>
          <div className="border-b border-stone-200 px-3 py-2">
            <p className="text-sm font-medium text-stone-900">{user.name}</p>
            <p className="truncate text-xs text-stone-600">{user.email}</p>
          </div>
          <button type="button" className={`${menuItemClasses} mt-1`} onClick={() => signOut({ callbackUrl: "/sign-in" })}>
            <LogOut className="size-4" aria-hidden="true" />
            Sign out
          </button>
          <button type="button" className={menuItemClasses} disabled={everywhere.isPending} onClick={() => everywhere.mutate()}>
            <MonitorSmartphone className="size-4" aria-hidden="true" />
            Sign out on all devices
          </button>
        </>
      )}
    </Menu>
  );
}
