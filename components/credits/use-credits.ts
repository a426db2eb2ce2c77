"use client";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useWorkspace } from "@/components/shell/workspace-context";
import { useTRPC } from "@/components/trpc/client";
import { useHydrated } from "@/components/ui/use-hydrated";

/**
 * The workspace's credit balance and plan as the service reports them (GET /me's
 * headers, D14), shared by the sidebar, the usage page and every button that costs
 * credits. `balance` is null while loading or when the service does not say, and until
 * the page has hydrated: the server's HTML never has it, and a form whose chunk hydrates
 * after the balance arrived would otherwise render differently (React error #418, seen
 * with 0 credits, where the button turns into a "not enough credits" note).
 */
export function useCredits() {
  const trpc = useTRPC();
  const workspace = useWorkspace();
  const hydrated = useHydrated();
  const query = useQuery({ ...trpc.usage.quota.queryOptions({ workspaceId: workspace.id }), staleTime: 5_000 });
  const account = hydrated && query.data?.ok ? query.data : null;
  return {
    balance: account?.creditBalance ?? null,
    plan: account?.plan ?? null,
    /** Not read yet (or not hydrated): show a placeholder, never "Plan unknown". */
    loading: !hydrated || query.isPending,
    error: query.data?.ok === false ? query.data.error.message : null,
  };
}

/** Call when a charge may have happened (work started, finished or was refunded). */
export function useRefreshCredits() {
  const trpc = useTRPC();
  const workspace = useWorkspace();
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: trpc.usage.quota.queryKey({ workspaceId: workspace.id }) });
}
