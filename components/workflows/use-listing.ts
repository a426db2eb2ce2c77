"use client";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useWorkspace } from "@/components/shell/workspace-context";
import { errorMessage, useTRPC } from "@/components/trpc/client";
import { useToast } from "@/components/ui/toast";
import type { ListingView } from "@/server/studio/listings/show-listing";
import { numberListing } from "@/shared/listing-numbering";

type Pick = { outputId: string; caption: string | null };

/**
 * The project's listing page as the team curates it (server/studio/listings), and one
 * way to change its draft's picks: the whole list, in order, so what is sent is what the
 * page will show once published. Every change (and every publish) reads the remark and
 * the link again.
 *
 * A change shows at once (the cached page takes the new order, captions and numbers
 * before the server answers, and goes back if it refuses), and one project's changes
 * reach the server one at a time, in the order they were made: the next change is
 * computed from what the agent sees, never from a list a slower refetch had not yet
 * replaced (a caption typed right after a move would otherwise have undone the move).
 */
export function useListing(projectId: string) {
  const trpc = useTRPC();
  const workspace = useWorkspace();
  const toast = useToast();
  const queryClient = useQueryClient();
  const input = { workspaceId: workspace.id, projectId };
  const listingKey = trpc.listings.show.queryKey(input);
  const listing = useQuery(trpc.listings.show.queryOptions(input));
  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: listingKey }),
      queryClient.invalidateQueries({ queryKey: trpc.compliance.listingRemarks.queryKey() }),
      queryClient.invalidateQueries({ queryKey: trpc.exports.shareLink.queryKey(input) }),
    ]);
  const setPicks = useMutation(
    trpc.listings.setPicks.mutationOptions({
      scope: { id: `listing-picks:${projectId}` },
      onMutate: async ({ picks: next }) => {
        await queryClient.cancelQueries({ queryKey: listingKey });
        const before = queryClient.getQueryData(listingKey);
        if (before) queryClient.setQueryData(listingKey, { ...before, picks: picksAsSent(before.picks, next) });
        return { before };
      },
      onError: (error, _input, context) => {
        if (context?.before) queryClient.setQueryData(listingKey, context.before);
        toast(errorMessage(error), "error");
      },
      onSettled: refresh,
    }),
  );
  const picks: Pick[] = listing.data?.picks.map(({ outputId, caption }) => ({ outputId, caption })) ?? [];
  const save = (next: Pick[]) => setPicks.mutate({ ...input, picks: next });
  return {
    listing,
    refresh,
    saving: setPicks.isPending,
    isPicked: (outputId: string) => picks.some((pick) => pick.outputId === outputId),
    toggle: (outputId: string) =>
      save(
        picks.some((pick) => pick.outputId === outputId)
          ? picks.filter((pick) => pick.outputId !== outputId)
          : [...picks, { outputId, caption: null }],
      ),
    move: (index: number, by: -1 | 1) => {
      const next = [...picks];
      const [moved] = next.splice(index, 1);
      next.splice(index + by, 0, moved);
      save(next);
    },
    caption: (outputId: string, caption: string) =>
      save(picks.map((pick) => (pick.outputId === outputId ? { ...pick, caption: caption.trim() || null } : pick))),
  };
}

/** The page's picks as the sent list orders and captions them, numbered as the server will (a newly added result shows once the server has it). */
function picksAsSent(shown: ListingView["picks"], next: { outputId: string; caption?: string | null }[]): ListingView["picks"] {
  const kept = next.flatMap((pick) => {
    const entry = shown.find((candidate) => candidate.outputId === pick.outputId);
    return entry ? [{ ...entry, caption: pick.caption ?? null }] : [];
  });
  return numberListing(kept).map(({ fileStem: _fileStem, ...pick }) => pick);
}
