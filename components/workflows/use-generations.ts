"use client";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { useRefreshCredits } from "@/components/credits/use-credits";
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
  const refreshCredits = useRefreshCredits();
  const query = useQuery({
    ...trpc.generations.list.queryOptions({ workspaceId: workspace.id, projectId }),
    staleTime: 0,
    refetchInterval: (query) => (query.state.data?.some((g) => g.status === "running") ? PROGRESS_POLL_MS : false),
  });
  // Charges land as work proceeds (a sibling view as it starts, an upscale, a refund): re-read the balance when a status moves.
  const progress = query.data?.map((g) => `${g.id}:${g.status}:${g.outputs.map((o) => o.status).join("")}`).join(",");
  useEffect(() => {
    if (progress !== undefined) void refreshCredits();
  }, [progress]);
  return query;
}

/** Call after starting work: refreshes the list at once, which restarts polling. */
export function useRefreshGenerations(projectId: string) {
  const trpc = useTRPC();
  const workspace = useWorkspace();
  const queryClient = useQueryClient();
  const refreshCredits = useRefreshCredits();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: trpc.generations.list.queryKey({ workspaceId: workspace.id, projectId }) }),
      refreshCredits(),
    ]);
}
