"use client";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useWorkspace } from "@/components/shell/workspace-context";
import { useTRPC } from "@/components/trpc/client";

/** How often the page asks for progress while something is running. */
export const PROGRESS_POLL_MS = 1500;

/**
 * The project's generations, polled every 1.5 s while any is running (state is in
 * Postgres, so a reload picks up exactly where the page was).
 */
export function useGenerations(projectId: string) {
  const trpc = useTRPC();
  const workspace = useWorkspace();
  return useQuery({
    ...trpc.generations.list.queryOptions({ workspaceId: workspace.id, projectId }),
    staleTime: 0,
    refetchInterval: (query) => (query.state.data?.some((g) => g.status === "running") ? PROGRESS_POLL_MS : false),
  });
}

/** Call after starting work: refreshes the list at once, which restarts polling. */
export function useRefreshGenerations(projectId: string) {
  const trpc = useTRPC();
  const workspace = useWorkspace();
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: trpc.generations.list.queryKey({ workspaceId: workspace.id, projectId }) });
}
