"use client";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { useRefreshCredits } from "@/components/credits/use-credits";
import { useWorkspace } from "@/components/shell/workspace-context";
import { useTRPC } from "@/components/trpc/client";
import { PROGRESS_POLL_MS } from "@/components/workflows/use-generations";

/**
 * The project's whole-listing batches, polled while any is still moving (state is in
 * Postgres, so a reload shows the same progress).
 */
export function useBatches(projectId: string) {
  const trpc = useTRPC();
  const workspace = useWorkspace();
  const refreshCredits = useRefreshCredits();
  const query = useQuery({
    ...trpc.batches.list.queryOptions({ workspaceId: workspace.id, projectId }),
    staleTime: 0,
    refetchInterval: (query) => (query.state.data?.some((b) => b.status === "running" || b.counts.running > 0) ? PROGRESS_POLL_MS : false),
  });
  // Each photo started is a charge: re-read the quota and balance as photos move.
  const progress = query.data?.map((b) => `${b.id}:${b.status}:${b.counts.queued}:${b.counts.running}`).join(",");
  useEffect(() => {
    if (progress !== undefined) void refreshCredits();
  }, [progress]);
  return query;
}

/** Call after starting, pausing, resuming or canceling: refreshes the list at once, which restarts polling. */
export function useRefreshBatches(projectId: string) {
  const trpc = useTRPC();
  const workspace = useWorkspace();
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: trpc.batches.list.queryKey({ workspaceId: workspace.id, projectId }) });
}
