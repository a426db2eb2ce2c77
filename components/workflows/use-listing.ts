"use client";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useWorkspace } from "@/components/shell/workspace-context";
import { errorMessage, useTRPC } from "@/components/trpc/client";
import { useToast } from "@/components/ui/toast";

type Pick = { outputId: string; caption: string | null };

/**
 * The project's listing page as the team curates it (server/studio/listings), and one
 * way to change its picks: the whole list, in order, so what is sent is what the page shows.
 * Every change reads the remark again, since it numbers the same picks.
 */
export function useListing(projectId: string) {
  const trpc = useTRPC();
  const workspace = useWorkspace();
  const toast = useToast();
  const queryClient = useQueryClient();
  const input = { workspaceId: workspace.id, projectId };
  const listing = useQuery(trpc.listings.show.queryOptions(input));
  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: trpc.listings.show.queryKey(input) }),
      queryClient.invalidateQueries({ queryKey: trpc.compliance.listingRemarks.queryKey() }),
    ]);
  const setPicks = useMutation(trpc.listings.setPicks.mutationOptions({ onSuccess: refresh, onError: (error) => toast(errorMessage(error), "error") }));
  const picks: Pick[] = listing.data?.picks.map(({ outputId, caption }) => ({ outputId, caption })) ?? [];
  const save = (next: Pick[]) => setPicks.mutate({ ...input, picks: next });
  return {
    listing,
    refresh,
    saving: setPicks.isPending,
    isPicked: (outputId: string) => picks.some((pick) => pick.outputId === outputId),
    toggle: (outputId: string) => save(picks.some((pick) => pick.outputId === outputId) ? picks.filter((pick) => pick.outputId !== outputId) : [...picks, { outputId, caption: null }]),
    move: (index: number, by: -1 | 1) => {
      const next = [...picks];
      const [moved] = next.splice(index, 1);
      next.splice(index + by, 0, moved);
      save(next);
    },
    caption: (outputId: string, caption: string) => save(picks.map((pick) => (pick.outputId === outputId ? { ...pick, caption: caption.trim() || null } : pick))),
  };
}
