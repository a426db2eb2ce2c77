"use client";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useWorkspace } from "@/components/shell/workspace-context";
import { useTRPC } from "@/components/trpc/client";

/**
 * The workspace's credit balance and plan as the service reports them (GET /me's
 * headers, D14), shared by the sidebar, the usage page and every button that costs
 * credits. `balance` is null while loading or when the service does not say.
 */
export function useCredits() {
  const trpc = useTRPC();
  const workspace = useWorkspace();
  const query = useQuery({ ...trpc.usage.quota.queryOptions({ workspaceId: workspace.id }), staleTime: 5_000 });
  const account = query.data?.ok ? query.data : null;
  return { balance: account?.creditBalance ?? null, plan: account?.plan ?? null, error: query.data?.ok === false ? query.data.error.message : null };
}

/** Call when a charge may have happened (work started, finished or was refunded). */
export function useRefreshCredits() {
  const trpc = useTRPC();
  const workspace = useWorkspace();
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: trpc.usage.quota.queryKey({ workspaceId: workspace.id }) });
}
